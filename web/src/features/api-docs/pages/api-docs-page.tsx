import { useEffect, useRef } from 'react';
import SwaggerUI from 'swagger-ui-dist/swagger-ui-es-bundle.js';
import 'swagger-ui-dist/swagger-ui.css';
import { readToken } from '@/lib/session/storage';
import { useDocumentTitle } from '@/lib/use-document-title';

/** The OpenAPI document the page renders (GET /api/openapi.json, docs/api.md). */
export const OPENAPI_URL = '/api/openapi.json';

/**
 * ApiDocsPage (/api/docs): the API reference, rendered from the OpenAPI document by Swagger UI.
 * The route loads this module lazily, so the renderer stays out of the main bundle. "Try it out"
 * sends the signed-in user's token, as the app does.
 */
export function ApiDocsPage() {
  useDocumentTitle('API reference');
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!host.current) return;
    SwaggerUI({
      url: OPENAPI_URL,
      domNode: host.current,
      deepLinking: true,
      docExpansion: 'list',
      // Swagger UI would otherwise send the document's URL to validator.swagger.io for a badge.
      validatorUrl: null,
      requestInterceptor: (request) => {
        const token = readToken();
        if (token && new URL(request.url, window.location.href).origin === window.location.origin) {
          request.headers.Authorization ??= `Bearer ${token}`;
        }
        return request;
      },
    });
  }, []);
  return <div ref={host} className="api-docs" />;
}
