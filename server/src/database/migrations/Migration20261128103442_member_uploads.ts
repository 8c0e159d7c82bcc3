import { Migration } from '@mikro-orm/migrations';

/** Members' 문의 images: whose each is (only the owner attaches it) and whether a ticket took it (else removed after a day). */
export class Migration20261128103442_member_uploads extends Migration {

  override name = 'Migration20261128103442_member_uploads';

  override up(): void | Promise<void> {
    this.addSql(`create table "member_upload" ("url" varchar(80) not null, "member_id" int not null, "size" int not null, "created_at" timestamptz not null, "attached_at" timestamptz null, constraint "member_upload_pkey" primary key ("url"));`);
    this.addSql(`create index "member_upload_member" on "member_upload" ("member_id", "created_at");`);
    this.addSql(`create index "member_upload_unattached" on "member_upload" ("created_at") where attached_at is null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "member_upload" cascade;`);
  }

}
