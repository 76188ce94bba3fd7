import { LectureSection } from './lecture-section.entity';
import { MediaFile } from './media-file.entity';
import { TtsOverride } from './tts-override.entity';

export { LectureSection, MediaFile, TtsOverride };
export type { MediaKind } from './media-file.entity';
export const MEDIA_ENTITIES = [LectureSection, MediaFile, TtsOverride];
