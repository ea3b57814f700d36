import { expect, test } from 'bun:test'
import { loadConfig } from '../config'

test('the operator variables: defaults, and a wrong value stops the start with what is allowed', () => {
  const { ops } = loadConfig({})
  expect(ops).toMatchObject({
    migrate: 'auto',
    connectTimeout: 5,
    statementTimeout: 5,
    pingTimeout: 2,
    logFormat: 'text',
    logRequests: true,
    metricsToken: null,
    otlpEndpoint: null,
    serviceName: 'cadence',
    deliveryRetentionDays: 90,
    activityRetentionDays: 365,
  })
  expect(
    loadConfig({
      MIGRATE: 'OFF',
      LOG_FORMAT: 'json',
      LOG_REQUESTS: 'off',
      DATABASE_STATEMENT_TIMEOUT: '2.5',
      METRICS_TOKEN: ` ${'t'.repeat(32)} `,
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
    }).ops,
  ).toMatchObject({
    migrate: 'off',
    logFormat: 'json',
    logRequests: false,
    statementTimeout: 2.5,
    metricsToken: 't'.repeat(32),
    otlpEndpoint: 'http://collector:4318',
  })
  const refused: Array<[Record<string, string>, string]> = [
    [{ MIGRATE: 'later' }, 'MIGRATE must be'],
    // A guessable scrape token is refused: at least 32 characters.
    [{ METRICS_TOKEN: 't'.repeat(31) }, 'METRICS_TOKEN must be at least 32 characters (it is 31)'],
    [{ LOG_FORMAT: 'xml' }, 'LOG_FORMAT must be'],
    [{ LOG_REQUESTS: 'yes' }, 'LOG_REQUESTS must be'],
    [{ DATABASE_CONNECT_TIMEOUT: '0' }, 'DATABASE_CONNECT_TIMEOUT must be'],
    [{ DATABASE_PING_TIMEOUT: 'soon' }, 'DATABASE_PING_TIMEOUT must be'],
    [{ DELIVERY_RETENTION_DAYS: '-1' }, 'DELIVERY_RETENTION_DAYS must be'],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' }, 'OTEL_EXPORTER_OTLP_ENDPOINT must be'],
  ]
  for (const [env, message] of refused) expect(() => loadConfig(env)).toThrow(message)
})
