import 'reflect-metadata';
import { readdirSync } from 'node:fs';
import { MetadataStorage } from '@mikro-orm/core';
import { entities } from './entities.js';

const modulesDir = new URL('../modules/', import.meta.url);
const modules = readdirSync(modulesDir, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();
const hasFile = (dir: string, name: string) => readdirSync(new URL(`${dir}/`, modulesDir)).includes(name);
const registered = new Set<unknown>(entities);

describe('entities: one list, no entity class across modules', () => {
  it('registers each entity once', () => {
    expect(new Set(entities).size).toBe(entities.length);
  });

  it('is exactly the modules’ own lists (and the backup run of ops/)', async () => {
    const fromModules: unknown[] = [...(await import('../ops/backup/entities.js')).backupEntities];
    for (const name of modules.filter((m) => hasFile(m, 'entities.ts'))) {
      const list = Object.entries(await import(`../modules/${name}/entities.js`)).find(([key]) =>
        key.endsWith('Entities'),
      )?.[1];
      expect(Array.isArray(list)).toBe(true);
      fromModules.push(...(list as unknown[]));
    }
    expect(new Set(entities)).toEqual(new Set(fromModules));
  });

  it('leaves no @Entity class of a module’s domain out of the list', async () => {
    for (const name of modules) {
      if (!hasFile(name, 'domain')) continue;
      for (const file of readdirSync(new URL(`${name}/domain/`, modulesDir)).filter((f) => f.endsWith('.entity.ts'))) {
        await import(`../modules/${name}/domain/${file.replace(/\.ts$/, '.js')}`);
      }
    }
    // What @Entity() recorded (its `class` is set); property decorators alone do not make an entity.
    const decorated = Object.values(MetadataStorage.getMetadata()).flatMap((meta) =>
      meta.class && meta.name ? [meta.class] : [],
    );
    expect(decorated.length).toBeGreaterThanOrEqual(entities.length);
    expect(decorated.filter((cls) => !registered.has(cls)).map((cls) => cls.name)).toEqual([]);
  });

  it.each(modules)('%s/index.ts hands out no entity class at runtime (types only)', async (name) => {
    const surface: Record<string, unknown> = await import(`../modules/${name}/index.js`);
    const classes = Object.entries(surface)
      .filter(([, value]) => registered.has(value))
      .map(([key]) => key)
      .sort();
    expect(classes).toEqual([]);
  });
});
