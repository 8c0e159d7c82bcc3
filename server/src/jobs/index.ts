export { JobEngineModule } from './job-engine.module.js';
