// POST /api/uploads/images: one photo per request (multipart field "image"), so the page can
// show progress per photo.
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../domain/errors';
import { imageMessages, stillTooLargeMessage } from '../../domain/images';
import { abuseLimits } from '../../domain/limits';
import { rulesForTier, tierRules } from '../../domain/tiers';
import { requireTradingChecks, signedInUser } from '../auth';
import { withRequestLog, type ServerDeps } from '../deps';
import { endpoint } from '../http/endpoint';
import { uploadImage } from './upload-image';

const largestTierLimit = Math.max(...Object.values(tierRules).map((rules) => rules.maxImageBytes));

export const uploadRoutes =
  (deps: ServerDeps): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(fastifyMultipart, {
      limits: { files: 1, fields: 5, fileSize: largestTierLimit, fieldSize: 1024, parts: 10, headerPairs: 50 },
    });

    // Photos are only for listings, which need a verified email: refused before the body is read,
    // so an unverified member's upload costs no storage and no encoding.
    const requireChecksToList = requireTradingChecks('list');
    app.route({
      ...endpoint('uploadImage'),
      onRequest: [requireChecksToList, deps.limits.perKey('upload', abuseLimits.photoUpload.perKey, (request) => request.user?.id)],
      handler: async (request, reply) => {
        const user = signedInUser(request);
        if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', imageMessages.missingFile);
        const file = await request.file();
        if (!file || file.fieldname !== 'image') throw new AppError('IMAGE_MISSING');
        const limit = rulesForTier(user.membershipTier).maxImageBytes;
        const bytes = await file.toBuffer().catch((error: { code?: string }) => {
          if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('PAYLOAD_TOO_LARGE', stillTooLargeMessage(user.membershipTier));
          throw error;
        });
        if (bytes.length > limit) throw new AppError('PAYLOAD_TOO_LARGE', stillTooLargeMessage(user.membershipTier));
        const image = await uploadImage(withRequestLog(deps, request), { owner: user, bytes });
        return reply.code(201).send(image);
      },
    });
  };
