import { Button, Group, Modal, Text, type ButtonProps } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';

/** A button whose action runs only after "Confirm" in a dialog that says what will happen. */
export function ConfirmButton({
  label,
  title,
  message,
  confirmLabel,
  onConfirm,
  loading,
  ...props
}: ButtonProps & {
  label: string;
  title: string;
  message: string;
  confirmLabel: string;
  onConfirm: () => Promise<unknown> | void;
}) {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button {...props} onClick={open}>
        {label}
      </Button>
      <Modal opened={opened} onClose={close} title={title}>
        <Text mb="md">{message}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button
            color="red"
            loading={loading}
            onClick={async () => {
              await onConfirm();
              close();
            }}
          >
            {confirmLabel}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
