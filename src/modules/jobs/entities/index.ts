import { GenerationJob, type GenerationJobStatus } from './generation-job.entity';

export { GenerationJob };
export type { GenerationJobStatus };
export const JOBS_ENTITIES = [GenerationJob];
