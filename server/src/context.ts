import type { Config } from './config'
import type { Db } from './db'

/** What every module is built from; tests build one on a `:memory:` database. */
export type AppContext = { db: Db; config: Config }
