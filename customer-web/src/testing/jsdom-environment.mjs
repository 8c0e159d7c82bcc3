// jsdom without the web platform globals Node has (fetch types, TextEncoder) that react-router's data router uses.
import { TestEnvironment } from 'jest-environment-jsdom';

export default class StorefrontEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    Object.assign(this.global, {
      Request,
      Response,
      Headers,
      AbortController,
      AbortSignal,
      TextEncoder,
      TextDecoder,
      structuredClone,
    });
  }
}
