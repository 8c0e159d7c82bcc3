import { z } from 'zod/v4';

// The page's CSP allows no eval: zod's compiled validators (and its probe for `new Function`, which the
// browser reports as a violation even though zod catches it) are turned off before any schema is built.
// vite.config.ts resolves every `import … from 'zod'` to this module, so the setting comes first wherever
// zod is loaded (only in the chunks that validate: the first screen does without it).
z.config({ jitless: true });

export * from 'zod/v4';
export { z, z as default };
