import { Migration } from '@mikro-orm/migrations';

export class Migration20261122024044_fulfilment extends Migration {

  override name = 'Migration20261122024044_fulfilment';

  override up(): void | Promise<void> {
    this.addSql(`create table "provider" ("id" serial primary key, "name" varchar(100) not null, "api_url" varchar(500) not null, "api_key" varchar(500) not null, "enabled" boolean not null, "timeout_ms" int not null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);

    this.addSql(`create table "simulated_provider_order" ("id" serial primary key, "service" varchar(20) not null, "link" text not null, "quantity" int not null, "created_at" timestamptz not null, "canceled_at" timestamptz null);`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "provider" cascade;`);
    this.addSql(`drop table if exists "simulated_provider_order" cascade;`);
  }

}
