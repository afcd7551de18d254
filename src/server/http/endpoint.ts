// A route's method, address and schemas, taken from the one endpoint map (src/domain/api-endpoints.ts
// and api-schemas.ts): a route module adds only who may call it and what it does.
//   app.route({ ...endpoint('updateProfile'), onRequest: requireUser, handler: async (request) => ... })
import { apiEndpoints, type EndpointName } from '../../domain/api-endpoints';
import { apiSchemas } from '../../domain/api-schemas';

export function endpoint<K extends EndpointName>(name: K) {
  const { method, path, tag } = apiEndpoints[name];
  // The OpenAPI document names each operation by its endpoint (api-document.ts completes it from that name).
  const schema: { operationId: K; tags: string[] } & (typeof apiSchemas)[K] = { operationId: name, tags: [tag], ...apiSchemas[name] };
  return { method, url: path, schema };
}
