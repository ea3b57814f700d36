import { describe, expect, test } from 'bun:test'
import { signIn } from '../../test/helpers'
import { LAST_WEEK, twoWeeksOfAda as setUp, THIS_WEEK } from '../../test/two-weeks'

describe('project health when projects are combined or deleted into another', () => {
  const healthOf = async (ada: Awaited<ReturnType<typeof setUp>>['ada'], uuid: string) =>
    (await ada.get(`/api/projects/${uuid}/health`)).json.weeks as {
      week_start_date: string
      health: string
      note: string | null
    }[]

  test('combined: each week keeps the worse health with its why; nothing is lost', async () => {
    const { ada, apollo, zephyr, last, current } = await setUp()
    const set = (report: { uuid: string }, p: { uuid: string }, health: string, note: string) =>
      ada.put(`/api/reports/${report.uuid}/project-health/${p.uuid}`, { health, note })
    // Last week only Zephyr had a health; this week both, Zephyr the worse.
    await set(last, zephyr, 'at_risk', 'Pilot slipped')
    await set(current, apollo, 'on_track', 'Launch on time')
    await set(current, zephyr, 'off_track', 'Pilot cancelled')
    const combined = await ada.post('/api/projects/combine', {
      projectUuids: [apollo.uuid, zephyr.uuid],
      newProjectName: 'Apollo + Zephyr',
    })
    expect(combined.status).toBe(200)
    const weeks = await healthOf(ada, apollo.uuid)
    expect(weeks.map((w) => [w.week_start_date, w.health, w.note])).toEqual([
      [THIS_WEEK, 'off_track', 'Pilot cancelled'],
      [LAST_WEEK, 'at_risk', 'Pilot slipped'],
    ])
    const report = (await ada.get(`/api/reports/${current.uuid}`)).json
    expect(report.project_health).toHaveLength(1)
    expect(report.project_health[0]).toMatchObject({
      project_name: 'Apollo + Zephyr',
      health: 'off_track',
    })
  })

  test('deleted into another project: its health moves there (the worse wins); into General it goes', async () => {
    const { ada, apollo, zephyr, last, current } = await setUp()
    await ada.put(`/api/reports/${last.uuid}/project-health/${zephyr.uuid}`, { health: 'at_risk' })
    await ada.put(`/api/reports/${current.uuid}/project-health/${apollo.uuid}`, {
      health: 'at_risk',
      note: 'Vendor',
    })
    await ada.put(`/api/reports/${current.uuid}/project-health/${zephyr.uuid}`, {
      health: 'on_track',
    })
    const moved = await ada.delete(`/api/projects/${zephyr.uuid}`, {
      move_to_project_id: apollo.id,
    })
    expect(moved.status).toBe(200)
    expect(
      (await healthOf(ada, apollo.uuid)).map((w) => [w.week_start_date, w.health, w.note]),
    ).toEqual([
      [THIS_WEEK, 'at_risk', 'Vendor'],
      [LAST_WEEK, 'at_risk', null],
    ])
    // Into General: no project carries a health, so Apollo's rows end with it.
    expect(
      (await ada.delete(`/api/projects/${apollo.uuid}`, { move_to_project_id: null })).status,
    ).toBe(200)
    expect((await ada.get(`/api/reports/${current.uuid}`)).json.project_health).toEqual([])
  })
})

describe('project health', () => {
  test('set on a report, carried into the next as its starting value, with the change', async () => {
    const { ada, apollo, zephyr, last, current } = await setUp()
    const set = await ada.put(`/api/reports/${last.uuid}/project-health/${apollo.uuid}`, {
      health: 'on_track',
      note: 'Kicked off',
    })
    expect(set.status).toBe(200)
    expect(set.json).toMatchObject({
      project_name: 'Apollo',
      health: 'on_track',
      note: 'Kicked off',
    })

    // This week starts from last week's health, without last week's why.
    let report = (await ada.get(`/api/reports/${current.uuid}`)).json
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
    await ada.put(`/api/reports/${current.uuid}/project-health/${apollo.uuid}`, {
      health: 'at_risk',
      note: '  Vendor late  ',
    })
    report = (await ada.get(`/api/reports/${current.uuid}`)).json
    expect(report.project_health[0]).toMatchObject({
      health: 'at_risk',
      note: 'Vendor late',
      previous_health: 'on_track',
    })
    // The project page's history: each week it was set, newest first.
    const history = await ada.get(`/api/projects/${apollo.uuid}/health`)
    expect(history.json.weeks).toEqual([
      {
        week_start_date: THIS_WEEK,
        report_uuid: current.uuid,
        health: 'at_risk',
        note: 'Vendor late',
      },
      {
        week_start_date: LAST_WEEK,
        report_uuid: last.uuid,
        health: 'on_track',
        note: 'Kicked off',
      },
    ])
  })

  test('bad values change nothing; another user cannot set or read it', async () => {
    const { app, ada, apollo, current } = await setUp()
    const path = `/api/reports/${current.uuid}/project-health/${apollo.uuid}`
    expect((await ada.put(path, { health: 'fine' })).status).toBe(400)
    const long = await ada.put(path, { health: 'at_risk', note: 'x'.repeat(281) })
    expect(long.status).toBe(400)
    expect(long.json.error).toBe('note must be at most 280 characters')
    expect((await ada.get(`/api/reports/${current.uuid}`)).json.project_health[0].health).toBeNull()
    const eve = await signIn(app, 'eve@example.com')
    expect((await eve.put(path, { health: 'off_track' })).status).toBe(404)
    expect((await eve.get(`/api/projects/${apollo.uuid}/health`)).status).toBe(404)
    // Eve's own report with Ada's project: still not found.
    const evesReport = (await eve.post('/api/reports', { week_start_date: THIS_WEEK })).json
    expect(
      (
        await eve.put(`/api/reports/${evesReport.uuid}/project-health/${apollo.uuid}`, {
          health: 'off_track',
        })
      ).status,
    ).toBe(404)
  })
})

describe('search by health', () => {
  test('health:at-risk and health:off-track keep what is tied to projects at that health now', async () => {
    const { ada, apollo, zephyr, last, current } = await setUp()
    // Apollo was off track last week and is at risk now; Zephyr is off track now.
    await ada.put(`/api/reports/${last.uuid}/project-health/${apollo.uuid}`, {
      health: 'off_track',
    })
    await ada.put(`/api/reports/${current.uuid}/project-health/${apollo.uuid}`, {
      health: 'at_risk',
    })
    await ada.put(`/api/reports/${current.uuid}/project-health/${zephyr.uuid}`, {
      health: 'off_track',
    })
    const search = async (q: string) =>
      (await ada.get(`/api/search?query=${encodeURIComponent(q)}`)).json.results as Array<{
        type: string
        title?: string
        name?: string
        content?: string
        project_name?: string | null
      }>
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
