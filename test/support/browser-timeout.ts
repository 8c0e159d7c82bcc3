import { jest } from '@jest/globals';

// A project's `testTimeout` is not read by jest (only the run's is), so the browser project sets its own here:
// a hook starts an app and a Chromium, and a test walks several screens; on a busy 2-core CI machine a
// walk that takes 15 s alone passed 30 s.
jest.setTimeout(90_000);
