import type { User } from '@oqu/contracts';
import { Select, type SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRegionOptions } from './api';

/** "No region": the trainee takes exams of their plan that have no regions (the group "Без региона"). */
export const NO_REGION = 0;

/**
 * The region of a trainee (issue "Formal exams": the exam-audience account they belong to), chosen
 * among GET /api/user/getregions. `value` NO_REGION is "no region"; a region the list does not
 * hold (yet) still shows by the name the person's record gives it.
 */
export function RegionSelect({ current, ...props }: Omit<SelectProps<number>, 'options' | 'showSearch'> & { current?: User['Region'] }) {
  const { t } = useTranslation('people');
  const regions = useRegionOptions();
  const options = [
    { value: NO_REGION, label: t('region.none') },
    ...(regions.data ?? []).map((region) => ({ value: region.ID, label: region.Fullname })),
  ];
  if (current && !regions.data?.some((region) => region.ID === current.ID)) options.push({ value: current.ID, label: current.Fullname });
  return (
    <Select<number>
      {...props}
      options={options}
      loading={regions.isFetching || props.loading}
      status={regions.isError ? 'error' : props.status}
      showSearch={{ optionFilterProp: 'label' }}
      popupMatchSelectWidth={false}
    />
  );
}
