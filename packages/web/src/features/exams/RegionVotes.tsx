import type { ExamParticipant, ExamRegionTable, ExamVoteValue } from '@oqu/contracts';
import { Flex, Switch, Typography } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ParticipantsTable } from './ParticipantsTable';
import { allAccepted, regionToggle, type VoteChange, votesGiven } from './votes';

interface RegionVotesProps {
  examId: number;
  region: ExamRegionTable;
  /** the caller's report card is signed: nothing changes any more */
  locked: boolean;
  vote: (changes: VoteChange[]) => void;
  /** the heading's level: 2 on the results page, 3 under the exam room's own heading */
  level?: 2 | 3;
}

/**
 * One region's trainees with the caller's votes (admin-back-office.md §4): accept, reject or undo
 * each, or accept the whole region at once (again: all back to empty).
 */
export function RegionVotes({ examId, region, locked, vote, level = 2 }: RegionVotesProps) {
  const { t } = useTranslation('exams');
  const switchId = useId();
  const users = region.Users;
  const onVote = (user: ExamParticipant, value: ExamVoteValue) => vote([{ UserID: user.ID, ExamID: examId, Vote: value }]);
  return (
    <section aria-label={region.Region.Fullname} data-testid={`region-${region.Region.ID}`}>
      <Flex justify="space-between" align="center" gap={12} wrap style={{ marginBottom: 8 }}>
        <Flex vertical gap={0}>
          <Typography.Title level={level} style={{ margin: 0, fontSize: level === 2 ? 18 : 16 }}>
            {region.Region.Fullname}
          </Typography.Title>
          <Typography.Text type="secondary" data-testid={`region-count-${region.Region.ID}`}>
            {t('conduct.votesGiven', { given: votesGiven(users), total: users.length })}
          </Typography.Text>
        </Flex>
        {!locked && users.length > 0 && (
          <Flex gap={8} align="center">
            <Switch
              id={switchId}
              checked={allAccepted(users)}
              onChange={() => vote(regionToggle(users, examId))}
              data-testid={`region-accept-all-${region.Region.ID}`}
            />
            <label htmlFor={switchId}>{t('results.acceptAll')}</label>
          </Flex>
        )}
      </Flex>
      <ParticipantsTable users={users} mode="vote" locked={locked} onVote={onVote} />
    </section>
  );
}
