import type { FastifyInstance } from 'fastify'
import swaggerUi from '@fastify/swagger-ui'

const UI_PREFIX = '/swagger-ui'

// A page of our own at the documented path /swagger-ui.html, using the plugin's bundled assets, so that
// /swagger-ui.html answers 200 itself instead of redirecting.
const swaggerPage = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Meeting AI service – API</title>
  <link rel="stylesheet" href="${UI_PREFIX}/static/swagger-ui.css">
  <link rel="icon" href="${UI_PREFIX}/static/favicon-32x32.png">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="${UI_PREFIX}/static/swagger-ui-bundle.js"></script>
  <script src="${UI_PREFIX}/static/swagger-ui-standalone-preset.js"></script>
  <script src="/swagger-ui-init.js"></script>
</body>
</html>`

const initScript = `window.ui = SwaggerUIBundle({
  url: '/v3/api-docs',
  dom_id: '#swagger-ui',
  deepLinking: true,
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
  layout: 'StandaloneLayout'
})`

export default async function docsRoutes (app: FastifyInstance): Promise<void> {
  await app.register(swaggerUi, { routePrefix: UI_PREFIX, uiConfig: { deepLinking: true } })

  app.get('/v3/api-docs', { schema: { hide: true } }, async () => app.swagger())

  app.get('/swagger-ui.html', { schema: { hide: true } }, async (_request, reply) => {
    await reply.type('text/html; charset=utf-8').send(swaggerPage)
  })

  app.get('/swagger-ui-init.js', { schema: { hide: true } }, async (_request, reply) => {
    await reply.type('application/javascript; charset=utf-8').send(initScript)
  })
}
