import { LectureSection } from './lecture-section.entity';

export { LectureSection };
export const MEDIA_ENTITIES = [LectureSection];
