import { ArrowLeftOutlined, BarChartOutlined, StopOutlined, TeamOutlined } from '@ant-design/icons';
import { EXAM_STATUS, type ExamRegionTable } from '@oqu/contracts';
import { App, Button, Card, Flex, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ButtonLink';
import { EmptyState } from '../../../components/EmptyState';
import { PageTitle } from '../../../components/PageTitle';
import { useConfirm } from '../../../components/useConfirm';
import { completeExam, type ExamTable, useExamMutation } from '../../../features/exams/api';
import { ExamFacts } from '../../../features/exams/ExamFacts';
import { ExamTableGate } from '../../../features/exams/ExamTableGate';
import { useExamPaths } from '../../../features/exams/paths';
import { VotingNote } from '../../../features/exams/RecordNotes';
import { RegionVotes } from '../../../features/exams/RegionVotes';
import { SaveState } from '../../../features/exams/SaveState';
import { useExamStartCheck } from '../../../features/exams/start';
import { UndecidedList } from '../../../features/exams/UndecidedNotice';
import { useVoting } from '../../../features/exams/useVoting';
import { votesGiven, votingState } from '../../../features/exams/votes';
import { errorMessage } from '../../../lib/api';
import '../../../features/exams/exams.css';

/** «К результатам», which takes the focus when the exam is completed here */
const TO_RESULTS_ID = 'exam-to-results';

/**
 * /admin/exam-for-examiner/{id} (admin-back-office.md §2, §4 region tiles): the exam with its
 * clocks, a tile per region (trainees, the caller's votes given); a tile opens its region to vote
 * in, a back control returns to the tiles. "Complete exam" ends it for everyone now, saying first
 * who has still to vote on whom. Also the compact /exam-for-examiner/{id}.
 */
export default function ExamForExaminerPage() {
  const { t } = useTranslation('exams');
  const paths = useExamPaths();
  return (
    <ExamTableGate title={t('conduct.title')} backTo={paths.reportCard} backLabel={t('conduct.backToList')}>
      {(table, receivedAt) => <ExamRoom table={table} receivedAt={receivedAt} />}
    </ExamTableGate>
  );
}

function ExamRoom({ table, receivedAt }: { table: ExamTable; receivedAt: number }) {
  const { t } = useTranslation('exams');
  const { message: toast } = App.useApp();
  const confirm = useConfirm();
  const paths = useExamPaths();
  const exam = table.exam;
  const faceCheck = useExamStartCheck();
  const voting = useVoting(exam.ID, (error) => faceCheck.offerCheck(exam.ID, error));
  const votingNow = votingState(table);
  const undecided = table.Undecided.some((examiner) => examiner.Trainees.length > 0);
  const complete = useExamMutation(completeExam);
  const [openId, setOpenId] = useState<number | null>(null);
  // the region «Ко всем регионам» leaves: its tile takes the focus back
  const [leftId, setLeftId] = useState<number | null>(null);
  const open = table.data.find((region) => region.Region.ID === openId);
  const finished = exam.Status === EXAM_STATUS.Finished;

  function confirmComplete() {
    let completed = false;
    confirm({
      title: t('conduct.completeTitle', { name: exam.Name }),
      content: (
        <Flex vertical gap={8} data-testid="exam-complete-dialog">
          <span>{t('conduct.completeText')}</span>
          {undecided && (
            <>
              <span>{t('conduct.completeUndecided')}</span>
              <UndecidedList undecided={table.Undecided} />
            </>
          )}
        </Flex>
      ),
      okText: t('conduct.complete'),
      okButtonProps: { danger: true },
      cancelText: t('common:actions.cancel'),
      onOk: async () => {
        try {
          await complete.mutateAsync(exam.ID);
          completed = true;
          toast.success(t('conduct.completed'));
        } catch (error) {
          if (!faceCheck.offerCheck(exam.ID, error)) toast.error(errorMessage(error, t('common:errors.network')));
        }
      },
      // the dialog gives the focus back to «Завершить экзамен», gone once the exam is over: «К результатам» stands in its place
      afterClose: () => {
        if (completed) document.getElementById(TO_RESULTS_ID)?.focus();
      },
    });
  }

  return (
    <Flex vertical gap={16} data-testid="exam-room" data-status={exam.Status}>
      <PageTitle
        extra={
          <Flex gap={8} wrap>
            {finished ? (
              <ButtonLink
                id={TO_RESULTS_ID}
                to={paths.results(exam.ID)}
                type="primary"
                icon={<BarChartOutlined aria-hidden />}
                data-testid="exam-to-results"
              >
                {t('conduct.toResults')}
              </ButtonLink>
            ) : (
              <Button
                danger
                icon={<StopOutlined aria-hidden />}
                onClick={confirmComplete}
                loading={complete.isPending}
                data-testid="exam-complete"
              >
                {t('conduct.complete')}
              </Button>
            )}
            <ButtonLink to={paths.reportCard}>{t('conduct.backToList')}</ButtonLink>
          </Flex>
        }
      >
        {exam.Name}
      </PageTitle>
      <Card className="oqu-card">
        <ExamFacts exam={exam} receivedAt={receivedAt} />
      </Card>
      <VotingNote table={table} voting={votingNow} />
      {open ? (
        <Flex vertical gap={12} align="flex-start">
          <Flex gap={12} align="center" wrap>
            <Button
              icon={<ArrowLeftOutlined aria-hidden />}
              onClick={() => {
                setLeftId(openId);
                setOpenId(null);
              }}
              data-testid="region-back"
            >
              {t('conduct.backToRegions')}
            </Button>
            {votingNow === 'open' && <SaveState saving={voting.saving} saved={voting.saved} />}
          </Flex>
          <div style={{ width: '100%' }}>
            <RegionVotes examId={exam.ID} passMarks={exam.PassMarks} region={open} voting={votingNow} vote={voting.vote} focusOnOpen />
          </div>
        </Flex>
      ) : (
        <RegionTiles regions={table.data} onOpen={setOpenId} focusId={leftId} />
      )}
      {faceCheck.dialog}
    </Flex>
  );
}

/** A tile per region: its name, trainee count and the caller's votes given there; `focusId`'s tile has the focus when shown. */
function RegionTiles({ regions, onOpen, focusId }: { regions: ExamRegionTable[]; onOpen: (id: number) => void; focusId: number | null }) {
  const { t } = useTranslation('exams');
  const back = useRef<HTMLButtonElement>(null);
  useEffect(() => back.current?.focus(), []);
  if (regions.length === 0)
    return <EmptyState icon={TeamOutlined} title={t('conduct.noParticipantsTitle')} text={t('conduct.noParticipants')} />;
  return (
    <section aria-labelledby="exam-regions-title">
      <Typography.Title level={2} id="exam-regions-title" style={{ fontSize: 18 }}>
        {t('conduct.regions')}
      </Typography.Title>
      <ul className="oqu-tiles">
        {regions.map((region) => (
          <li key={region.Region.ID}>
            <button
              ref={region.Region.ID === focusId ? back : undefined}
              type="button"
              className="oqu-tile oqu-exam-tile"
              onClick={() => onOpen(region.Region.ID)}
              data-testid={`region-tile-${region.Region.ID}`}
            >
              <span className="oqu-tile-icon" aria-hidden="true">
                <TeamOutlined />
              </span>
              <span className="oqu-tile-text">
                <span className="oqu-tile-label">{region.Region.Fullname}</span>
                <span className="oqu-tile-description">{t('conduct.trainees', { count: region.Users.length })}</span>
                <span className="oqu-tile-description" data-testid={`region-tile-votes-${region.Region.ID}`}>
                  {t('conduct.votesGiven', { given: votesGiven(region.Users), total: region.Users.length })}
                </span>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
