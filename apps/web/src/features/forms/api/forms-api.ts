import {
  createdIdSchema,
  formDetailSchema,
  formsSchema,
  okResponseSchema,
  type FormInput,
} from '@tsunagu/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { reloadReference } from '@/lib/reference-store';

export const formKeys = {
  all: ['forms'] as const,
  list: () => [...formKeys.all, 'list'] as const,
  detail: (id: number) => [...formKeys.all, 'detail', id] as const,
};

/** REF-11: the forms in their folders. */
export function useForms() {
  return useQuery({
    queryKey: formKeys.list(),
    queryFn: () => apiRequest('/api/v_resource/form', { schema: formsSchema }),
  });
}

export function useForm(id: number | null) {
  return useQuery({
    queryKey: formKeys.detail(id ?? 0),
    queryFn: () => apiRequest(`/api/forms/${id}`, { schema: formDetailSchema }),
    enabled: id !== null,
  });
}

/** A write, then the list again and the reference store's forms (the 差し込み menus, REF-21). */
function useFormWrite<Input, Output>(write: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: async () => {
      reloadReference(queryClient, 'forms');
      await queryClient.invalidateQueries({ queryKey: formKeys.all });
    },
  });
}

export const useCreateForm = () =>
  useFormWrite((input: FormInput) =>
    apiRequest('/api/forms', { method: 'POST', body: input, schema: createdIdSchema }),
  );

export const useUpdateForm = () =>
  useFormWrite(({ id, input }: { id: number; input: FormInput }) =>
    apiRequest(`/api/forms/${id}`, { method: 'PUT', body: input, schema: formDetailSchema }),
  );

export const useDeleteForm = () =>
  useFormWrite((id: number) =>
    apiRequest(`/api/forms/${id}`, { method: 'DELETE', schema: okResponseSchema }),
  );

export const useCreateFormGroup = () =>
  useFormWrite((name: string) =>
    apiRequest('/api/form_groups', { method: 'POST', body: { name }, schema: createdIdSchema }),
  );

export const useRenameFormGroup = () =>
  useFormWrite(({ id, name }: { id: number; name: string }) =>
    apiRequest(`/api/form_groups/${id}`, {
      method: 'PUT',
      body: { name },
      schema: okResponseSchema,
    }),
  );

/** Refused (409 naming the count) while the folder holds forms; the screen shows why. */
export const useDeleteFormGroup = () =>
  useFormWrite((id: number) =>
    apiRequest(`/api/form_groups/${id}`, { method: 'DELETE', schema: okResponseSchema }),
  );

/** Favourites make the お気に入り group of the 差し込み menus (REF-13). */
export const useSetFormFavorite = () =>
  useFormWrite(({ id, favorite }: { id: number; favorite: boolean }) =>
    apiRequest(`/api/forms/${id}/favorite`, {
      method: 'PATCH',
      body: { favorite },
      schema: okResponseSchema,
    }),
  );
