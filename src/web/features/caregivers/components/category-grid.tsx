import {
  Baby,
  BookOpen,
  HandHeart,
  HeartHandshake,
  House,
  type LucideIcon,
  Sparkles,
  Wrench,
} from 'lucide-react';
import { CAREGIVER_KINDS, type CaregiverKind } from '../../../../shared/catalog';
import { plural } from '../../../lib/format';
import { Link } from '../../../lib/router';
import { useKindCounts } from '../api';

const KIND_ICONS: Record<CaregiverKind, LucideIcon> = {
  'child-care': Baby,
  babysitters: HeartHandshake,
  tutors: BookOpen,
  'senior-care': HandHeart,
  'special-needs': Sparkles,
  housekeepers: House,
  janitors: Sparkles,
  maintenance: Wrench,
};

/** 'Care for every need': one link per kind of care to its search, with how many caregivers offer it. */
export function CategoryGrid() {
  const { data, isError } = useKindCounts();
  const counts = new Map(data?.map((k) => [k.kind, k.count]));
  return (
    <section aria-labelledby="categories-heading" className="mx-auto max-w-6xl px-4 py-14">
      <h2 id="categories-heading" className="text-2xl font-bold">
        Care for every need
      </h2>
      <p className="mt-1 text-muted-foreground">Browse caregivers by the kind of help you need.</p>
      <ul className="mt-6 grid grid-cols-1 gap-3 min-[480px]:grid-cols-2 lg:grid-cols-4">
        {CAREGIVER_KINDS.map(({ value, label }) => {
          const Icon = KIND_ICONS[value];
          const count = counts.get(value);
          return (
            <li key={value}>
              <Link
                to={`/search?type=${value}`}
                className="flex h-full items-center gap-3 rounded-2xl border border-border bg-surface p-4 shadow-sm hover:border-primary hover:shadow-md"
              >
                <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary">
                  <Icon aria-hidden="true" className="size-6" />
                </span>
                <span className="min-w-0">
                  <span className="block font-semibold">{label}</span>
                  <span className="block min-h-5 text-sm text-muted-foreground">
                    {count !== undefined ? (
                      plural(count, 'caregiver')
                    ) : isError ? null : (
                      <span className="sr-only">Loading count</span>
                    )}
                  </span>
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
