import type { DepartmentStatus } from '@oqu/contracts';
import { Flex, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { BarChart } from './BarChart';
import { type Figure, percentOf } from './figures';

/** An opened row: its departments as a table (its columns named for what the figure counts) and as a chart. */
export function FigureDetails({ figure }: { figure: Figure }) {
  const { t } = useTranslation('statistics');
  const nameOf = (department: DepartmentStatus) => department.Name || t('noDepartment');
  return (
    <Flex gap={24} wrap className="oqu-figure-details">
      <Table<DepartmentStatus>
        className="oqu-figure-table"
        size="small"
        pagination={false}
        rowKey={(d) => d.Name}
        dataSource={figure.departments}
        columns={[
          { title: t('columns.department'), key: 'name', render: (_, d) => nameOf(d) },
          { title: t(`columns.counted.${figure.key}`), key: 'passed', align: 'right', render: (_, d) => d.Status.Passed },
          { title: t(`columns.total.${figure.key}`), key: 'total', align: 'right', render: (_, d) => d.Status.Total },
          { title: t('columns.percent'), key: 'percent', align: 'right', render: (_, d) => `${percentOf(d.Status)} %` },
        ]}
      />
      <BarChart
        title={t('chart.title', { figure: t(`figures.${figure.key}`) })}
        colour={figure.colour}
        bars={figure.departments.map((d) => ({ label: nameOf(d), passed: d.Status.Passed, total: d.Status.Total }))}
        describe={(bar) =>
          t('chart.bar', {
            name: bar.label,
            passed: bar.passed,
            total: bar.total,
            percent: percentOf({ Passed: bar.passed, Total: bar.total }),
          })
        }
      />
    </Flex>
  );
}
