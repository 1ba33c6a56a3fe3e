import { useSearchParams } from 'react-router';
import { Loading } from '@/ui/loading';
import { PageHeader } from '@/ui/page-header';
import { useJourneyChoices } from '../api/journey-choices';
import { useJourney, useJourneyGroups, useJourneys, useJourneyTags } from '../api/journeys-api';
import { journeyErrorText } from '../api/loaded-guard';
import { draftOf } from '../components/journey-draft';
import { JourneyForm } from '../components/journey-form';
import '../components/journeys.css';

/** JRN-06 / JRN-07: a new journey (`?group=`) or an existing one; the list loads first (JRN-26). */
export function JourneyEditPage(props: { title: string; id: string | null; canWrite: boolean }) {
  const id = props.id === null ? null : Number(props.id);
  const journey = useJourney(id);
  const list = useJourneys();
  const groups = useJourneyGroups();
  const tags = useJourneyTags();
  const choices = useJourneyChoices();
  const [params] = useSearchParams();
  const header = <PageHeader title={props.title} />;
  const failure = journey.error ?? list.error ?? groups.error ?? tags.error ?? choices.error;
  if (failure)
    return (
      <section className="page journey-edit-page">
        {header}
        <p className="notice notice--error" role="alert">
          {journeyErrorText(failure)}
        </p>
      </section>
    );
  if ((id !== null && !journey.data) || !list.data || !groups.data || !tags.data || !choices.data)
    return (
      <section className="page journey-edit-page">
        {header}
        <Loading />
      </section>
    );
  const group = Number(params.get('group')) || null;
  return (
    <JourneyForm
      key={journey.data?.updated_at ?? 'new'}
      {...props}
      id={id}
      initial={draftOf(journey.data, groups.data.some((g) => g.id === group) ? group : null)}
      groups={groups.data}
      choices={{
        ...choices.data,
        journeyTags: tags.data.map(({ id: tagId, name }) => ({ id: tagId, name })),
      }}
    />
  );
}
