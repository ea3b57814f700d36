import { describe, expect } from 'bun:test'
import { signIn } from '../../test/helpers'
import { test, thisWeek, weekFrom } from '../../test/today'
import { twoWeeksOfAda as setUp } from '../../test/two-weeks'

// Through the typed client (`client.api`): paths, bodies and answers are the routes' own types.
type Ada = Awaited<ReturnType<typeof setUp>>['ada']
type Health = 'on_track' | 'at_risk' | 'off_track'
const healthAt = (ada: Ada, report: { uuid: string }, project: { uuid: string }) =>
  ada.api.reports({ uuid: report.uuid })['project-health']({ project_uuid: project.uuid })

describe('project health when projects are combined or deleted into another', () => {
  const healthOf = async (ada: Ada, uuid: string) =>
    (await ada.api.projects({ uuid }).health.get()).data!.weeks

  test('combined: each week keeps the worse health with its why; nothing is lost', async () => {
    const { ada, apollo, zephyr, last, current } = await setUp()
    const set = (report: { uuid: string }, p: { uuid: string }, health: Health, note: string) =>
      healthAt(ada, report, p).put({ health, note })
    // Last week only Zephyr had a health; this week both, Zephyr the worse.
    await set(last, zephyr, 'at_risk', 'Pilot slipped')
    await set(current, apollo, 'on_track', 'Launch on time')
    await set(current, zephyr, 'off_track', 'Pilot cancelled')
    const combined = await ada.api.projects.combine.post({
      projectUuids: [apollo.uuid, zephyr.uuid],
      newProjectName: 'Apollo + Zephyr',
    })
    expect(combined.status).toBe(200)
    const weeks = await healthOf(ada, apollo.uuid)
    expect(weeks.map((w) => [w.week_start_date, w.health, w.note])).toEqual([
      [thisWeek(), 'off_track', 'Pilot cancelled'],
      [weekFrom(-1), 'at_risk', 'Pilot slipped'],
    ])
    const report = (await ada.api.reports({ uuid: current.uuid }).get()).data!
    expect(report.project_health).toHaveLength(1)
    expect(report.project_health[0]).toMatchObject({
      project_name: 'Apollo + Zephyr',
      health: 'off_track',
    })
  })

  test('deleted into another project: its health moves there (the worse wins); into General it goes', async () => {
    const { ada, apollo, zephyr, last, current } = await setUp()
    await healthAt(ada, last, zephyr).put({ health: 'at_risk' })
    await healthAt(ada, current, apollo).put({
      health: 'at_risk',
      note: 'Vendor',
    })
    await healthAt(ada, current, zephyr).put({
      health: 'on_track',
    })
    const moved = await ada.api.projects({ uuid: zephyr.uuid }).delete({
      move_to_project_id: apollo.id,
    })
    expect(moved.status).toBe(200)
    expect(
      (await healthOf(ada, apollo.uuid)).map((w) => [w.week_start_date, w.health, w.note]),
    ).toEqual([
      [thisWeek(), 'at_risk', 'Vendor'],
      [weekFrom(-1), 'at_risk', null],
    ])
    // Into General: no project carries a health, so Apollo's rows end with it.
    expect(
      (await ada.api.projects({ uuid: apollo.uuid }).delete({ move_to_project_id: null })).status,
    ).toBe(200)
    expect((await ada.api.reports({ uuid: current.uuid }).get()).data!.project_health).toEqual([])
  })
})

describe("a project in trouble stays in next week's table (issue 46)", () => {
  test('at risk or off track last week and no items this week: kept, its health carried', async () => {
    const { ada, last, current } = await setUp()
    const make = async (name: string) => (await ada.api.projects.post({ name })).data!
    const mercury = await make('Mercury')
    const venus = await make('Venus')
    const saturn = await make('Saturn')
    const pluto = await make('Pluto')
    await healthAt(ada, last, mercury).put({ health: 'at_risk', note: 'Hiring' })
    await healthAt(ada, last, venus).put({ health: 'on_track' })
    await healthAt(ada, last, saturn).put({ health: 'off_track' })
    await healthAt(ada, last, pluto).put({ health: 'off_track' })
    await ada.api.projects({ uuid: pluto.uuid }).put({ status: 'archived' })
    const table = async () =>
      (await ada.api.reports({ uuid: current.uuid }).get()).data!.project_health.map((r) => [
        r.project_name,
        r.health,
        r.previous_health,
        r.note,
        r.open_count,
      ])
    // Venus was on track (it may leave), Pluto is archived; Mercury and Saturn stay, carried.
    expect(await table()).toEqual([
      ['Apollo', null, null, null, 1],
      ['Mercury', 'at_risk', 'at_risk', null, 0],
      ['Saturn', 'off_track', 'off_track', null, 0],
      ['Zephyr', null, null, null, 1],
    ])
    // Set on track this week, it stays on this week's table with its own health.
    await healthAt(ada, current, mercury).put({ health: 'on_track', note: 'Hired' })
    expect((await table())[1]).toEqual(['Mercury', 'on_track', 'at_risk', 'Hired', 0])
  })
})

describe('project health', () => {
  test('set on a report, carried into the next as its starting value, with the change', async () => {
    const { ada, apollo, zephyr, last, current } = await setUp()
    const set = await healthAt(ada, last, apollo).put({
      health: 'on_track',
      note: 'Kicked off',
    })
    expect(set.status).toBe(200)
    expect(set.data).toMatchObject({
      project_name: 'Apollo',
      health: 'on_track',
      note: 'Kicked off',
    })

    // This week starts from last week's health, without last week's why.
    let report = (await ada.api.reports({ uuid: current.uuid }).get()).data!
    expect(report.project_health).toEqual([
      {
        project_uuid: apollo.uuid,
        project_name: 'Apollo',
        health: 'on_track',
        note: null,
        previous_health: 'on_track',
        open_count: 1,
        completed_count: 1,
      },
      {
        project_uuid: zephyr.uuid,
        project_name: 'Zephyr',
        health: null,
        note: null,
        previous_health: null,
        open_count: 1,
        completed_count: 0,
      },
    ])
    await healthAt(ada, current, apollo).put({
      health: 'at_risk',
      note: '  Vendor late  ',
    })
    report = (await ada.api.reports({ uuid: current.uuid }).get()).data!
    expect(report.project_health[0]).toMatchObject({
      health: 'at_risk',
      note: 'Vendor late',
      previous_health: 'on_track',
    })
    // The project page's history: each week it was set, newest first.
    const history = await ada.api.projects({ uuid: apollo.uuid }).health.get()
    expect(history.data?.weeks).toEqual([
      {
        week_start_date: thisWeek(),
        report_uuid: current.uuid,
        health: 'at_risk',
        note: 'Vendor late',
      },
      {
        week_start_date: weekFrom(-1),
        report_uuid: last.uuid,
        health: 'on_track',
        note: 'Kicked off',
      },
    ])
  })

  test('bad values change nothing; another user cannot set or read it', async () => {
    const { app, ada, apollo, current } = await setUp()
    // A health the type refuses goes by its path, as a client without the types would send it.
    const path = `/api/reports/${current.uuid}/project-health/${apollo.uuid}`
    expect((await ada.put(path, { health: 'fine' })).status).toBe(400)
    const long = await healthAt(ada, current, apollo).put({
      health: 'at_risk',
      note: 'x'.repeat(281),
    })
    expect(long.status).toBe(400)
    expect(long.error?.value).toEqual({ error: 'note must be at most 280 characters' })
    expect(
      (await ada.api.reports({ uuid: current.uuid }).get()).data?.project_health[0].health,
    ).toBeNull()
    const eve = await signIn(app, 'eve@example.com')
    expect((await healthAt(eve, current, apollo).put({ health: 'off_track' })).status).toBe(404)
    expect((await eve.api.projects({ uuid: apollo.uuid }).health.get()).status).toBe(404)
    // Eve's own report with Ada's project: still not found.
    const evesReport = (await eve.api.reports.post({ week_start_date: thisWeek() })).data!
    expect((await healthAt(eve, evesReport, apollo).put({ health: 'off_track' })).status).toBe(404)
  })
})

describe('search by health', () => {
  test('health:at-risk and health:off-track keep what is tied to projects at that health now', async () => {
    const { ada, apollo, zephyr, last, current } = await setUp()
    // Apollo was off track last week and is at risk now; Zephyr is off track now.
    await healthAt(ada, last, apollo).put({
      health: 'off_track',
    })
    await healthAt(ada, current, apollo).put({
      health: 'at_risk',
    })
    await healthAt(ada, current, zephyr).put({
      health: 'off_track',
    })
    const search = async (query: string) =>
      (await ada.api.search.get({ query: { query } })).data!.results
    const atRisk = await search('health:at-risk type:project')
    expect(atRisk.map((r) => r.name)).toEqual(['Apollo'])
    const offTrack = await search('health:off-track type:project')
    expect(offTrack.map((r) => r.name)).toEqual(['Zephyr'])
    // Words and health together: Apollo's items, not Zephyr's.
    const items = await search('apollo health:at-risk')
    expect(items.length).toBeGreaterThan(0)
    for (const r of items) if (r.project_name !== undefined) expect(r.project_name).toBe('Apollo')
    expect(await search('zephyr pilot health:at-risk')).toEqual([])
    // Reports whose own Project health has a project off track: both weeks.
    const reports = await search('health:off-track type:report')
    expect(reports).toHaveLength(2)
    expect(await search('health:on-track')).toEqual([])
  })
})
