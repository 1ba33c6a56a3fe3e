import { SURVEY_MESSAGES } from '@tsunagu/contracts';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { errorText } from '@/lib/api-error';
import { Dialog } from '@/ui/dialog';
import { useToast } from '@/ui/toast';
import { useCreateSurveyResponse } from '../api/create-survey-response';
import { SurveyForm } from './survey-form';

/** APP-09: the main layout's feedback button; the answer records which page it came from. */
export function SurveyController() {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const toast = useToast();
  const mutation = useCreateSurveyResponse();

  const close = () => {
    setOpen(false);
    mutation.reset();
  };

  const error = mutation.error;
  return (
    <>
      <button type="button" className="btn btn--ghost survey-button" onClick={() => setOpen(true)}>
        ご意見
      </button>
      <Dialog open={open} title="ご意見をお聞かせください" onClose={close}>
        <SurveyForm
          pagePath={location.pathname}
          busy={mutation.isPending}
          serverError={error ? errorText(error) : null}
          onCancel={close}
          onSubmit={(input) =>
            mutation.mutate(input, {
              onSuccess: () => {
                toast.success(SURVEY_MESSAGES.thanks);
                close();
              },
            })
          }
        />
      </Dialog>
    </>
  );
}
