import { Controller, Get, Query, UseGuards } from '@nestjs/common';
import { z } from 'zod';
import { OperatorGuard } from '../../auth/index.js';
import { Allow, ZodPipe } from '../../../shared/index.js';
import { ProviderScores } from '../application/provider-scores.js';

const scoresQuerySchema = z.object({
  days: z
    .enum(['7', '30'], { error: '기간(days)은 7 또는 30이어야 합니다.' })
    .default('7')
    .transform((v) => Number(v) as 7 | 30),
});

/** Provider scores over the last 7 or 30 days (reads only). */
@Controller('admin/provider-scores')
@UseGuards(OperatorGuard)
@Allow('providers')
export class AdminProviderScoresController {
  constructor(private readonly scores: ProviderScores) {}

  @Get()
  async list(@Query(new ZodPipe(scoresQuerySchema)) query: z.infer<typeof scoresQuerySchema>) {
    return { days: query.days, rows: await this.scores.scores(query.days) };
  }
}
