import { Global, Module } from '@nestjs/common';
import { JobEngine } from '../shared/job-engine.js';

/** The job engine, injectable everywhere (job shells define their jobs on it, use cases add jobs with it). */
@Global()
@Module({ providers: [JobEngine], exports: [JobEngine] })
export class JobEngineModule {}
