import type { Webinar } from '@oqu/contracts';
import type { TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import type { useWebinarFormat } from './format';

/**
 * When a webinar is and how long it lasts: the two columns every webinar table shows. Their widths
 * are fixed so that tables shown one above another (the trainee's three groups) line up.
 */
export function whenColumns(t: TFunction, format: ReturnType<typeof useWebinarFormat>): TableColumnsType<Webinar> {
  return [
    {
      title: t('fields.dateTime'),
      key: 'begin',
      width: 160,
      render: (_, webinar) => <span>{format.dateTime(webinar.Startdate)}</span>,
    },
    {
      title: t('fields.duration'),
      key: 'duration',
      width: 120,
      align: 'right',
      render: (_, webinar) => <span style={{ whiteSpace: 'nowrap' }}>{format.minutes(webinar.Duration)}</span>,
    },
  ];
}
