import { t } from 'elysia'

export namespace ConfigModel {
  /** What the web app needs before sign-in: the help widget and whether e-mail is set up. */
  export const publicConfig = t.Object({
    helpWidget: t.Nullable(t.Object({ url: t.String(), siteKey: t.String() })),
    mailEnabled: t.Boolean(),
  })
  export type publicConfig = typeof publicConfig.static
}
