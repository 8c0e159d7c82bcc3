import { z } from 'zod';

// The console's CSP allows no eval: the shared contracts it reads define zod schemas, and zod's compiled
// validators (and its probe for `new Function`, which the browser reports as a violation even though zod
// catches it) are turned off before any schema runs. Imported first by main.tsx.
z.config({ jitless: true });
