import { SubjectModule } from './subject-module.entity';
import { Subject } from './subject.entity';

export { Subject, SubjectModule };
export const CATALOG_ENTITIES = [Subject, SubjectModule];
