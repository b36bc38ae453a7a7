"use client";

import { ConfirmDialog } from "@/components/confirm-dialog";
import { apiFetch } from "@/lib/http/client-fetch";
import { fill } from "@/lib/i18n/fill";
import type { useAction } from "./use-action";

/** The sentences of a delete that is asked first; `title` and `done` take {name}. */
export type DeleteText = { title: string; description: string; confirm: string; back: string; busy: string; done: string };

type Props = {
  open: boolean;
  onClose: () => void;
  /** What is deleted, as the sentences name it. */
  name: string;
  /** The API path that DELETE is sent to, and the refusals the page shows itself. */
  path: string;
  handles: readonly string[];
  text: DeleteText;
  action: ReturnType<typeof useAction>;
  testId: string;
};

/** Asks before deleting; the answer (done or refused) shows through the action's feedback. */
export function DeleteDialog({ open, onClose, name, path, handles, text, action, testId }: Props) {
  return (
    <ConfirmDialog
      open={open}
      title={fill(text.title, { name })}
      description={text.description}
      confirmLabel={text.confirm}
      backLabel={text.back}
      busy={action.busy}
      busyLabel={text.busy}
      danger
      onClose={onClose}
      onConfirm={() =>
        void action
          .run(async () => {
            await apiFetch(path, { method: "DELETE", handles });
            return fill(text.done, { name });
          })
          .finally(onClose)
      }
      testId={testId}
    />
  );
}
