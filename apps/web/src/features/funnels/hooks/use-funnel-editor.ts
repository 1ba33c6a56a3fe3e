import type { Funnel, FunnelInput, FunnelResult } from '@tsunagu/contracts';
import { useState } from 'react';
import { useDeleteFunnel, usePreviewFunnel, useSaveFunnel } from '../api/funnels-api';
import { emptyStep } from '../components/funnel-steps-editor';

const blank: FunnelInput = {
  name: '',
  steps: [emptyStep('follow'), emptyStep('form_answered'), emptyStep('salon_booked')],
  cohort: { followed_from: null, followed_to: null, tracker_id: null },
  ordered: true,
  window_days: 30,
};
const inputOf = ({ id: _id, updated_at: _u, ...input }: Funnel): FunnelInput => input;

/**
 * The funnel being edited: which saved one (or a new one), its definition, its last count and
 * the step whose friends are open; counting, saving (then counting) and deleting it.
 */
export function useFunnelEditor() {
  const preview = usePreviewFunnel();
  const save = useSaveFunnel();
  const remove = useDeleteFunnel();
  const [id, setId] = useState<number | null>(null);
  const [input, setInput] = useState<FunnelInput>(blank);
  const [result, setResult] = useState<FunnelResult | null>(null);
  const [opened, setOpened] = useState<{ step: number; reached: boolean } | null>(null);

  const pick = (funnel: Funnel | null) => {
    setId(funnel?.id ?? null);
    setInput(funnel ? inputOf(funnel) : blank);
    setResult(null);
    setOpened(null);
    preview.reset();
  };
  const count = () => {
    const { name: _name, ...definition } = input;
    preview.mutate(definition, { onSuccess: setResult });
  };
  const saveAndCount = () =>
    save.mutate(
      { id, input },
      {
        onSuccess: (saved) => {
          setId(saved);
          count();
        },
      },
    );
  const removeIt = () => {
    if (id !== null) remove.mutate(id, { onSuccess: () => pick(null) });
  };

  return {
    id,
    input,
    setInput,
    result,
    opened,
    setOpened,
    pick,
    count,
    saveAndCount,
    remove: removeIt,
    counting: preview.isPending,
    saving: save.isPending,
    error: preview.error ?? save.error ?? remove.error,
  };
}
