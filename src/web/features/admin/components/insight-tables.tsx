import { useId } from 'react';
import { type AdminInsights, adminInsightCsvColumns, adminInsightMessages } from '../../../../domain';
import { formatMonth } from '@/components/charts/chart-days';
import { ScrollingTable } from '@/components/charts/scrolling-table';
import { formatAud } from '@/features/admin/insight-figures';

const headCell = 'px-2 py-2 font-semibold';
const revenueHeading = Object.fromEntries(adminInsightCsvColumns).revenue;

/** Revenue by month in exact AUD: the numbers of the month bars. */
export function MonthTable({ months }: { months: AdminInsights['revenueByMonth'] }) {
  const caption = adminInsightMessages.tableCaption(adminInsightMessages.revenueByMonth);
  return (
    <ScrollingTable
      caption={caption}
      className="text-sm"
      headings={
        <>
          <th scope="col" className={`${headCell} pl-0`}>
            {adminInsightMessages.month}
          </th>
          <th scope="col" className={`${headCell} text-right`}>
            {revenueHeading}
          </th>
        </>
      }
    >
      {months.map((month) => (
        <tr key={month.month}>
          <th scope="row" className="py-1.5 pr-2 text-left font-normal text-ink-700">
            {formatMonth(month.month)}
          </th>
          <td className="px-2 py-1.5 text-right">{formatAud(month.revenue)}</td>
        </tr>
      ))}
    </ScrollingTable>
  );
}

/** The busiest postcodes, ranked: a table is the picture here. */
export function PostcodeTable({ postcodes }: { postcodes: AdminInsights['busiestPostcodes'] }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="min-w-0 space-y-3 border-t border-sand-200 pt-4 sm:rounded-2xl sm:border-0 sm:p-4 sm:ring-1 sm:ring-sand-200">
      <h3 id={headingId} className="font-extrabold tracking-tight">
        {adminInsightMessages.busiestPostcodes}
      </h3>
      {postcodes.length === 0 ? (
        <p className="text-sm text-ink-700">{adminInsightMessages.noPostcodes}</p>
      ) : (
        <table className="w-full text-sm tabular-nums">
          <caption className="sr-only">{adminInsightMessages.busiestPostcodesCaption}</caption>
          <thead>
            <tr className="border-b border-sand-200 text-left text-xs text-ink-700">
              <th scope="col" className={`${headCell} pl-0`}>
                {adminInsightMessages.postcode}
              </th>
              <th scope="col" className={headCell}>
                {adminInsightMessages.suburb}
              </th>
              <th scope="col" className={headCell}>
                {adminInsightMessages.state}
              </th>
              <th scope="col" className={`${headCell} pr-0 text-right`}>
                {adminInsightMessages.listingsForSale}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-sand-100">
            {postcodes.map((row) => (
              <tr key={row.postcode}>
                <th scope="row" className="py-1.5 pr-2 text-left font-semibold">
                  {row.postcode}
                </th>
                <td className="px-2 py-1.5 break-words">{row.suburb ?? '—'}</td>
                <td className="px-2 py-1.5">{row.state}</td>
                <td className="py-1.5 pl-2 text-right">{row.listings.toLocaleString('en-AU')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
