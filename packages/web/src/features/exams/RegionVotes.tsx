import { CheckSquareOutlined } from '@ant-design/icons';
import type { ExamParticipant, ExamRegionTable, ExamVoteValue } from '@oqu/contracts';
import { Button, Flex, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../components/useConfirm';
import { ParticipantsTable } from './ParticipantsTable';
import { voteLook } from './VotePill';
import { regionAccept, regionAcceptSummary, type VoteChange, type VotingState, votesGiven } from './votes';

interface RegionVotesProps {
  examId: number;
  /** the exam's pass mark, said when a trainee below it is accepted */
  passMarks: number;
  region: ExamRegionTable;
  voting: VotingState;
  /** saves `changes`; `said`: what they do, announced once they are kept */
  vote: (changes: VoteChange[], said: string) => void;
  /** the heading's level: 2 on the results page, 3 under the exam room's own heading */
  level?: 2 | 3;
  /** the exam room opens the region: the focus goes to its heading, and a screen reader says which it is */
  focusOnOpen?: boolean;
}

/**
 * One region's trainees with the caller's votes (admin-back-office.md §4): accept, reject or undo
 * each, or accept every trainee not yet decided on at once. Both ask first when they accept a
 * trainee below the pass mark; the region-wide accept says what it changes and never turns a
 * rejection into an acceptance.
 */
export function RegionVotes({ examId, passMarks, region, voting, vote, level = 2, focusOnOpen = false }: RegionVotesProps) {
  const { t } = useTranslation('exams');
  const confirm = useConfirm();
  const heading = useRef<HTMLElement>(null);
  const users = region.Users;
  const summary = regionAcceptSummary(users);

  // biome-ignore lint/correctness/useExhaustiveDependencies: on opening only
  useEffect(() => {
    if (focusOnOpen) heading.current?.focus();
  }, []);

  function onVote(user: ExamParticipant, value: ExamVoteValue) {
    const change = [{ UserID: user.ID, ExamID: examId, Vote: value }];
    const said = t('results.savedVote', { name: user.Fullname, vote: t(`vote.${voteLook(value)}`) });
    if (value !== 'true' || !user.BelowPassMark) return vote(change, said);
    confirm({
      title: t('accept.belowTitle', { name: user.Fullname }),
      content: t('accept.belowText', { passed: user.Results.Passed, total: user.Results.Total, passMarks }),
      okText: t('results.accept'),
      cancelText: t('common:actions.cancel'),
      onOk: () => vote(change, said),
    });
  }

  function acceptRegion() {
    let accepted = false;
    confirm({
      title: t('accept.regionTitle', { region: region.Region.Fullname }),
      content: (
        <Flex vertical gap={4} data-testid="region-accept-summary">
          <span>{t('accept.regionChanges', { count: summary.changes })}</span>
          <span>{t('accept.regionBelow', { count: summary.belowPassMark })}</span>
          <span>{t('accept.regionKeeps')}</span>
        </Flex>
      ),
      okText: t('accept.regionOk', { count: summary.changes }),
      cancelText: t('common:actions.cancel'),
      onOk: () => {
        accepted = true;
        vote(regionAccept(users, examId), t('results.savedMany', { count: summary.changes }));
      },
      // the dialog gives the focus back to «Принять весь регион», which an accept leaves with nobody to
      // accept, disabled: the region's heading takes it
      afterClose: () => {
        if (accepted) heading.current?.focus();
      },
    });
  }

  return (
    <section aria-label={region.Region.Fullname} data-testid={`region-${region.Region.ID}`}>
      <Flex justify="space-between" align="center" gap={12} wrap style={{ marginBottom: 8 }}>
        <Flex vertical gap={0}>
          <Typography.Title level={level} ref={heading} tabIndex={-1} style={{ margin: 0, fontSize: level === 2 ? 18 : 16 }}>
            {region.Region.Fullname}
          </Typography.Title>
          <Typography.Text type="secondary" data-testid={`region-count-${region.Region.ID}`}>
            {t('conduct.votesGiven', { given: votesGiven(users), total: users.length })}
          </Typography.Text>
        </Flex>
        {voting !== 'final' && users.length > 0 && (
          <Button
            icon={<CheckSquareOutlined aria-hidden />}
            disabled={voting !== 'open' || summary.changes === 0}
            onClick={acceptRegion}
            data-testid={`region-accept-all-${region.Region.ID}`}
          >
            {t('results.acceptAll')}
          </Button>
        )}
      </Flex>
      <ParticipantsTable users={users} mode="vote" voting={voting} onVote={onVote} />
    </section>
  );
}
