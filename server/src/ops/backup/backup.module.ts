import { Module } from '@nestjs/common';
import { BackupJob } from './jobs/backup.job.js';

@Module({ providers: [BackupJob], exports: [BackupJob] })
export class BackupModule {}
