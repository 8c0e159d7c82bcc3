import { Injectable } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { Clock, SingleFlight } from '../../../shared/index.js';
import { Uploads } from '../application/uploads.js';

const DAY_MS = 86_400_000;

/** Hourly: members' 문의 images no ticket took within a day are removed, files and records. */
@Injectable()
export class UploadCleanupJob {
  private readonly flight = new SingleFlight();

  constructor(
    private readonly clock: Clock,
    private readonly uploads: Uploads,
  ) {}

  @Interval(3600_000)
  tick(): Promise<unknown> {
    return this.flight.run(() => this.runOnce());
  }

  runOnce(): Promise<number> {
    return this.uploads.removeUnattached(new Date(this.clock.now().getTime() - DAY_MS));
  }
}
