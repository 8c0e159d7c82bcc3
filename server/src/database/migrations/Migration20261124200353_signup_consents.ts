import { Migration } from '@mikro-orm/migrations';

/** Issue 18: the consents given at sign-up (terms, privacy, optional marketing) with their time and the terms' version. */
export class Migration20261124200353_signup_consents extends Migration {

  override name = 'Migration20261124200353_signup_consents';

  override up(): void | Promise<void> {
    this.addSql(`alter table "member" add "terms_agreed_at" timestamptz null, add "privacy_agreed_at" timestamptz null, add "terms_version" varchar(20) null, add "marketing_agreed_at" timestamptz null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "member" drop column "terms_agreed_at", drop column "privacy_agreed_at", drop column "terms_version", drop column "marketing_agreed_at";`);
  }

}
