// swagger-ui-dist ships its prebuilt bundle without type declarations: the part the page uses.
declare module 'swagger-ui-dist/swagger-ui-es-bundle.js' {
  export interface SwaggerRequest {
    url: string;
    headers: Record<string, string>;
  }
  export interface SwaggerUIOptions {
    url: string;
    domNode: HTMLElement;
    deepLinking?: boolean;
    docExpansion?: 'list' | 'full' | 'none';
    tryItOutEnabled?: boolean;
    validatorUrl?: string | null;
    requestInterceptor?: (request: SwaggerRequest) => SwaggerRequest;
  }
  const SwaggerUI: (options: SwaggerUIOptions) => unknown;
  export default SwaggerUI;
}
