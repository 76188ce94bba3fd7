import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { type Compared, type Day, periodParams, type StatsPeriods } from '../../common/stats/period';
import { COMPLETE_LEVEL } from './learning-path';

/**
 * A learner's activity is their evidence log: every graded answer (topic checks and practice: a practice
 * review is only ever the rating of a card whose question was just answered, so its answer is here) and every
 * submitted diagnostic or post test. Topic completion comes from the same answers, so it adds no one.
 */
const ACTIVITY = `
  select a.user_id, a.answered_at as at from learning_answers a where a.answered_at >= ? and a.answered_at < ?
  union all
  select q.user_id, q.submitted_at as at from quiz_attempts q
   where q.status = 'submitted' and q.submitted_at >= ? and q.submitted_at < ?`;

@Injectable()
export class LearningStatsRepository {
  constructor(private readonly em: EntityManager) {}

  async activeLearners(p: StatsPeriods): Promise<Compared> {
    // one row per learner (a hash aggregate in memory) rather than two distinct counts (two sorts that spill)
    const [row] = await this.em.execute<{ current: number; previous: number }[]>(
      `select count(*) filter (where cur)::int as current, count(*) filter (where prev)::int as previous
         from (select user_id, bool_or(at >= ? and at < ?) as cur, bool_or(at >= ? and at < ?) as prev
                 from (${ACTIVITY}) act group by user_id) per_learner`,
      [...periodParams(p).slice(0, 4), p.previous.from, p.current.to, p.previous.from, p.current.to],
    );
    return { current: row.current, previous: row.previous };
  }

  /** Distinct active learners per UTC day of [from, to), every day listed (0 included). */
  async dailyActiveLearners(from: Date, to: Date): Promise<{ day: Day; count: number }[]> {
    return this.em.execute<{ day: Day; count: number }[]>(
      `select to_char(d.day, 'YYYY-MM-DD') as day, coalesce(c.n, 0)::int as count
         from generate_series(?::timestamptz at time zone 'UTC', (?::timestamptz at time zone 'UTC') - interval '1 day',
                              interval '1 day') d(day)
         left join (select day, count(*) as n
                      from (select distinct date_trunc('day', at at time zone 'UTC') as day, user_id
                              from (${ACTIVITY}) act) learner_days
                     group by day) c on c.day = d.day
        order by d.day`,
      [from, to, from, to, from, to],
    );
  }

  /** Learners who submitted a diagnostic (either kind) in each period. */
  async diagnosticTakers(p: StatsPeriods): Promise<Compared> {
    const [row] = await this.em.execute<{ current: number; previous: number }[]>(
      `select count(distinct user_id) filter (where submitted_at >= ? and submitted_at < ?)::int as current,
              count(distinct user_id) filter (where submitted_at >= ? and submitted_at < ?)::int as previous
         from quiz_attempts
        where kind in ('q_diag', 'q_diag_clinician') and status = 'submitted'
          and submitted_at >= ? and submitted_at < ?`,
      periodParams(p),
    );
    return { current: row.current, previous: row.previous };
  }

  /**
   * Topics completed in each period, by the learning path's rule (learning-path.ts): a topic is complete when
   * more than half of its check items have a right first answer, or its level is at least 0.7. A check passes at
   * the first answer that makes its right first answers more than half; a level reached 0.7 when the topic's
   * mastery row last moved (no history of levels is kept, so a topic completed by level alone counts in the
   * period of its latest evidence). A topic counts once, at the earlier of the two moments.
   */
  async topicsCompleted(p: StatsPeriods): Promise<Compared> {
    const [row] = await this.em.execute<{ current: number; previous: number }[]>(
      `with touched as (
         select distinct user_id, subject_id, node_id from learning_answers where answered_at >= ? and answered_at < ?
       ), checks as (
         select subject_id, node_id, count(*) as total from quiz_items where use = 'check' group by subject_id, node_id
       ), firsts as (
         select distinct on (a.user_id, a.subject_id, a.item_id) a.user_id, a.subject_id, a.node_id, a.correct,
                a.answered_at, a.id
           from learning_answers a join touched t using (user_id, subject_id, node_id)
          where a.answered_at < ?
          order by a.user_id, a.subject_id, a.item_id, a.answered_at, a.id
       ), running as (
         select f.user_id, f.subject_id, f.node_id, f.answered_at,
                count(*) filter (where f.correct) over (partition by f.user_id, f.subject_id, f.node_id
                                                        order by f.answered_at, f.id) as right_so_far
           from firsts f
       ), by_check as (
         select r.user_id, r.subject_id, r.node_id, min(r.answered_at) as at
           from running r join checks c using (subject_id, node_id)
          where r.right_so_far * 2 > c.total
          group by 1, 2, 3
       ), by_level as (
         select user_id, subject_id, skill_id as node_id, updated_at as at from user_mastery
          where kind = 'topic' and p_known >= ? and updated_at >= ? and updated_at < ?
       ), done as (
         select user_id, subject_id, node_id, min(at) as at
           from (select * from by_check union all select * from by_level) x group by 1, 2, 3
       )
       select count(*) filter (where at >= ? and at < ?)::int as current,
              count(*) filter (where at >= ? and at < ?)::int as previous
         from done`,
      [
        p.previous.from,
        p.current.to,
        p.current.to,
        COMPLETE_LEVEL,
        p.previous.from,
        p.current.to,
        ...periodParams(p).slice(0, 4),
      ],
    );
    return { current: row.current, previous: row.previous };
  }
}
