import type { Webinar } from '@oqu/contracts';
import type { TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import type { useWebinarFormat } from './format';

/** When a webinar is and how long it lasts: the two columns every webinar table shows. */
export function whenColumns(t: TFunction, format: ReturnType<typeof useWebinarFormat>): TableColumnsType<Webinar> {
  return [
    {
      title: t('fields.dateTime'),
      key: 'begin',
      render: (_, webinar) => <span style={{ whiteSpace: 'nowrap' }}>{format.dateTime(webinar.Startdate)}</span>,
    },
    {
      title: t('fields.duration'),
      key: 'duration',
      align: 'right',
      render: (_, webinar) => <span style={{ whiteSpace: 'nowrap' }}>{format.minutes(webinar.Duration)}</span>,
    },
  ];
}
