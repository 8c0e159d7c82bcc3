import { Injectable } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { Clock, JobEngine } from '../../../shared/index.js';
import { Uploads } from '../application/uploads.js';

const DAY_MS = 86_400_000;

/** Hourly: members' 문의 images no ticket took within a day are removed, files and records. */
@Injectable()
export class UploadCleanupJob {
  constructor(
    private readonly clock: Clock,
    private readonly uploads: Uploads,
    private readonly jobs: JobEngine,
  ) {
    jobs.define('upload-cleanup', () => this.runOnce());
  }

  @Interval('upload-cleanup', 3600_000)
  tick(): Promise<void> {
    return this.jobs.tick('upload-cleanup');
  }

  runOnce(): Promise<number> {
    return this.uploads.removeUnattached(new Date(this.clock.now().getTime() - DAY_MS));
  }
}
