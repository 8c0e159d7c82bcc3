import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { RegisterWhere } from '../domain/register-where.entity.js';

/** What other contexts (identity's sign-up) and the demo data need from content. */
@Injectable()
export class ContentFacade {
  constructor(private readonly em: EntityManager) {}

  registerWhereOptions(): Promise<RegisterWhere[]> {
    return this.em.fork().find(RegisterWhere, {}, { orderBy: { sortOrder: 'ASC', id: 'ASC' } });
  }

  async isRegisterWhereOption(text: string): Promise<boolean> {
    return (await this.em.fork().count(RegisterWhere, { text })) > 0;
  }

  async seedDemo(): Promise<void> {
    const em = this.em.fork();
    ['인스타그램 광고', '네이버 검색', '유튜브', '지인 추천', '블로그/카페', '기타'].forEach((text, i) => em.persist(new RegisterWhere(text, i)));
    await em.flush();
  }
}
