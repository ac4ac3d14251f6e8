import { TeamOutlined } from '@ant-design/icons';
import type { WebinarAttendee, WebinarDetails } from '@oqu/contracts';
import { Button, Modal, Spin, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFaceCheckSettings } from '../../face/api';
import { FaceVerifiedTag } from '../../face/FaceVerifiedTag';
import { type AttendeeState, groupAttendees, shownOnline } from './attendees';

const GROUPS: AttendeeState[] = ['online', 'disconnected', 'absent'];

function Group({ state, people }: { state: AttendeeState; people: WebinarAttendee[] }) {
  const { t } = useTranslation('rooms');
  // with the check off nobody's join is checked: only a join that was is marked
  const faceRequired = useFaceCheckSettings().required === true;
  return (
    <section className={`oqu-online-group oqu-online-${state}`} data-testid={`room-online-${state}`}>
      <Typography.Title level={3} className="oqu-online-title">
        <span className="oqu-online-dot" aria-hidden />
        {t(`online.${state}`)} · {people.length}
      </Typography.Title>
      {people.length === 0 ? (
        <p className="oqu-online-none">{t('online.none')}</p>
      ) : (
        <ul className="oqu-online-list">
          {people.map((person) => (
            <li key={person.ID}>
              <span className="oqu-online-name">{person.Fullname}</span>
              <span className="oqu-online-facts">
                {t('online.idNumber', { value: person.IDNumber || '—' })} · {t('online.minutes', { count: person.Minutes })}
              </span>
              {(person.WatchedMinutes > 0 || person.RecordingMinutes > 0) && (
                <span className="oqu-online-facts" data-testid="room-online-watched">
                  {[
                    t('online.watched', { count: person.WatchedMinutes }),
                    person.RecordingMinutes > 0 && t('online.recording', { count: person.RecordingMinutes }),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              )}
              {person.Connected && (person.FaceVerified || faceRequired) && <FaceVerifiedTag verified={person.FaceVerified} />}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * Online / total with the detail popup (admin-back-office.md §2 start-webinar, §4 attendee online
 * status): the count leaves the teacher out; the popup lists the plan's trainees as online,
 * disconnected or absent, with minutes attended, minutes of the stream and of its recording played,
 * and whether the join passed the face check. Opening it, and each change of the count while
 * open, reads the webinar again: the live events carry counts, not the list.
 */
export function OnlineCount({ webinar, refetch, fetching }: { webinar: WebinarDetails; refetch: () => void; fetching: boolean }) {
  const { t, i18n } = useTranslation('rooms');
  const [open, setOpen] = useState(false);
  const groups = useMemo(() => groupAttendees(webinar.UsersOnline, i18n.language), [webinar.UsersOnline, i18n.language]);
  const online = shownOnline(webinar.Online);

  const refetchOnChange = open ? webinar.Online : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: read again when the popup opens and when the count moves while it is open
  useEffect(() => {
    if (refetchOnChange !== null) refetch();
  }, [refetchOnChange]);

  return (
    <>
      <Button
        icon={<TeamOutlined aria-hidden />}
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        data-testid="room-online"
        data-online={online}
      >
        {t('online.button', { online, total: webinar.TotalStudents })}
      </Button>
      <Modal
        open={open}
        title={t('online.title')}
        onCancel={() => setOpen(false)}
        footer={<Button onClick={() => setOpen(false)}>{t('actions.close')}</Button>}
      >
        <div className="oqu-online" data-testid="room-online-popup" aria-busy={fetching}>
          {fetching && <Spin size="small" className="oqu-online-spin" />}
          {GROUPS.map((state) => (
            <Group key={state} state={state} people={groups[state]} />
          ))}
        </div>
      </Modal>
    </>
  );
}
