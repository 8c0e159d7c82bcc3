import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import { OWN_INPUT_CHECK } from '../../../shared/index.js';
import { SimulatedProvider } from '../application/simulated-provider.js';

/** The simulated provider's API v2 endpoint: form or JSON in, JSON out, errors as `{"error"}` with 200. */
@Controller('simulated-provider/v2')
export class SimulatedProviderController {
  constructor(private readonly provider: SimulatedProvider) {}

  @Post()
  @HttpCode(200)
  // An upstream's protocol: a bad link is its own `{"error": "Incorrect link"}`, not the app's 400.
  @RouteConfig(OWN_INPUT_CHECK)
  handle(@Body() body: unknown) {
    return this.provider.handle(body && typeof body === 'object' ? (body as Record<string, unknown>) : {});
  }
}
