import { ActionIcon, Alert, Button, Code, CopyButton, Group, Modal, Stack, Text, Tooltip } from '@mantine/core';
import { CheckIcon, CopyIcon } from './icons';

export interface ShownSecrets {
  title: string;
  values: { label: string; value: string }[];
}

/** Secrets the hub will never show again: each with a copy button, and a warning that says so. */
export function SecretsShownOnce({ secrets, onClose }: { secrets: ShownSecrets | null; onClose: () => void }) {
  return (
    <Modal opened={secrets !== null} onClose={onClose} title={secrets?.title} size="lg" closeOnClickOutside={false}>
      {secrets && (
        <Stack>
          <Alert color="yellow" title="Copy these now">
            The client secret and the webhook secret are shown only this once. The hub keeps only what it needs to check
            them; if they are lost, rotate them.
          </Alert>
          {secrets.values.map(({ label, value }) => (
            <Stack gap={4} key={label}>
              <Text size="sm" fw={600}>
                {label}
              </Text>
              <Group wrap="nowrap" gap="xs">
                <Code style={{ wordBreak: 'break-all' }} aria-label={label}>
                  {value}
                </Code>
                <CopyButton value={value}>
                  {({ copied, copy }) => (
                    <Tooltip label={copied ? 'Copied' : 'Copy'}>
                      <ActionIcon variant="light" onClick={copy} aria-label={`Copy ${label.toLowerCase()}`}>
                        {copied ? <CheckIcon /> : <CopyIcon />}
                      </ActionIcon>
                    </Tooltip>
                  )}
                </CopyButton>
              </Group>
            </Stack>
          ))}
          <Group justify="flex-end">
            <Button onClick={onClose}>I have saved them</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
