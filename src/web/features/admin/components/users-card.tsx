import { ChevronLeft, ChevronRight, Search, Users } from 'lucide-react';
import { useState } from 'react';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { adminUsersPageSize, useAdminUsers } from '@/features/admin/api';
import { useDebouncedValue } from '@/features/admin/hooks/use-debounced-value';
import { QueryProblem } from './query-problem';
import { AdminSection } from './admin-section';
import { UserRow } from './user-row';

const searchDelayMs = 300;

/** spec 2: every member, with a count, searchable by name or email, a page at a time. */
export function UsersCard() {
  const [searchText, setSearchText] = useState('');
  const [page, setPage] = useState(1);
  const search = useDebouncedValue(searchText.trim(), searchDelayMs);
  const users = useAdminUsers({ search, page });
  const total = users.data?.total;
  const pageCount = total === undefined ? 1 : Math.max(1, Math.ceil(total / adminUsersPageSize));

  return (
    <AdminSection
      icon={Users}
      title={total === undefined ? 'All Users' : `All Users (${total})`}
      description={search ? `Members matching "${search}".` : 'Everyone who has joined, newest first.'}
    >
      <div className="relative max-w-md">
        <FormField label="Search by name or email">
          <Input
            type="search"
            autoComplete="off"
            className="pl-10"
            value={searchText}
            onChange={(event) => {
              setSearchText(event.target.value);
              setPage(1);
            }}
          />
        </FormField>
        <Search className="pointer-events-none absolute bottom-3 left-3.5 size-5 text-ink-500" aria-hidden="true" />
      </div>

      <div className="mt-5" aria-busy={users.isFetching}>
        {users.isPending && <p className="text-sm text-ink-500">Loading members…</p>}
        {users.isError && <QueryProblem what="the members" error={users.error} onRetry={() => users.refetch()} />}
        {users.data && users.data.users.length === 0 && (
          <p className="text-sm text-ink-500">{search ? 'No members match that search.' : 'No members yet.'}</p>
        )}
        {users.data && users.data.users.length > 0 && (
          <ul aria-label="Members" className="divide-y divide-sand-200">
            {users.data.users.map((user) => (
              <UserRow key={user.id} user={user} />
            ))}
          </ul>
        )}
      </div>

      {pageCount > 1 && (
        <nav aria-label="Member pages" className="mt-5 flex flex-wrap items-center justify-between gap-3 border-t border-sand-200 pt-4">
          <Button variant="secondary" disabled={page <= 1} onClick={() => setPage((current) => Math.max(1, current - 1))}>
            <ChevronLeft aria-hidden="true" />
            Previous
          </Button>
          <p className="order-first w-full text-center text-sm text-ink-700 sm:order-none sm:w-auto">
            Page {page} of {pageCount}
          </p>
          <Button variant="secondary" disabled={page >= pageCount} onClick={() => setPage((current) => Math.min(pageCount, current + 1))}>
            Next
            <ChevronRight aria-hidden="true" />
          </Button>
        </nav>
      )}
    </AdminSection>
  );
}
