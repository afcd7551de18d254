// The API describes itself: an OpenAPI document made from the routes' zod schemas, at /api/openapi.json,
// completed from the endpoint map (api-document.ts) so that a client can be generated from it.
import fastifySwagger, { type SwaggerTransformObject } from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { productName } from '../../domain/product';
import { completeApiDocument, securitySchemes, type ApiDocument } from './api-document';

export async function installSwagger(app: FastifyInstance, options: { publicUrl: string }): Promise<void> {
  const transformObject: SwaggerTransformObject = (documentObject) =>
    'openapiObject' in documentObject ? (completeApiDocument(documentObject.openapiObject as ApiDocument) as ReturnType<SwaggerTransformObject>) : documentObject.swaggerObject;
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: `${productName} API`,
        version: '1.0.0',
        description:
          'The JSON API of the web app. A failed call answers with an error body whose `code` says what went wrong; branch on the code, not the HTTP status.',
      },
      servers: [{ url: options.publicUrl.replace(/\/+$/, ''), description: 'This server (PUBLIC_URL)' }],
      components: { securitySchemes },
    },
    transform: jsonSchemaTransform,
    transformObject,
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
