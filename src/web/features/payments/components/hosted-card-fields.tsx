import { createContext, type Ref, useContext, useEffect, useImperativeHandle, useRef } from 'react';
import {
  CARD_FIELDS_UNAVAILABLE,
  CardFieldsError,
  type CardToken,
  createSandboxCardFields,
  type HostedCardFields,
  type HostedFieldsFactory,
} from '../hosted-fields';

/** Which provider's fields the payment page mounts (the sandbox's; a real provider replaces it here). */
export const HostedFieldsContext = createContext<HostedFieldsFactory>((events) =>
  createSandboxCardFields(events),
);

export interface CardFieldsHandle {
  tokenize(): Promise<CardToken>;
}

/** The provider's card fields, mounted in place; the parent asks them for a token through `ref`. */
export function HostedCardFieldsFrame({
  ref,
  onSubmit,
}: {
  ref: Ref<CardFieldsHandle>;
  /** Enter pressed inside the fields. */
  onSubmit?: () => void;
}) {
  const factory = useContext(HostedFieldsContext);
  const container = useRef<HTMLDivElement>(null);
  const fields = useRef<HostedCardFields | undefined>(undefined);
  const submit = useRef(onSubmit);
  submit.current = onSubmit;

  useEffect(() => {
    const node = container.current;
    if (!node) return;
    const f = factory({ onSubmit: () => submit.current?.() });
    f.mount(node);
    fields.current = f;
    return () => {
      f.unmount();
      fields.current = undefined;
    };
  }, [factory]);

  useImperativeHandle(
    ref,
    () => ({
      tokenize: () =>
        fields.current
          ? fields.current.tokenize()
          : Promise.reject(new CardFieldsError(CARD_FIELDS_UNAVAILABLE)),
    }),
    [],
  );

  return <div ref={container} data-testid="card-fields" className="min-h-[190px]" />;
}
