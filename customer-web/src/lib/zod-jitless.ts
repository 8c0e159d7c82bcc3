import { z } from 'zod';

// The page's CSP allows no eval: zod's compiled validators (and its probe for `new Function`, which the
// browser reports as a violation even though zod catches it) are turned off before any schema runs.
z.config({ jitless: true });
