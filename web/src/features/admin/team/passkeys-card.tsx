/**
 * The account page's passkeys: each one the coordinator has (when added, when last used, what
 * kind), a passkey for this device, and Remove for one that is lost or replaced. The last one
 * cannot go (without it they could not sign in), and the button says so rather than fail. Adding
 * and removing need a fresh answer from a passkey (`fresh.ensure`), asked for when needed.
 */
import { Button, Card, Heading, List, Stack, Text } from '@chakra-ui/react';
import type { OwnPasskey } from '@mentorship/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { showToast } from '../../../components/ui/toaster';
import { messageOf } from '../../../lib/api-client';
import { getOwnPasskeys, removeOwnPasskey } from '../api/account-security';
import { adminKeys } from '../api/query-keys';
import { ConfirmDialog } from '../components/confirm-dialog';
import { formatTime } from '../dashboard/list-parts';
import { addPasskey, authenticatorProblem } from '../login/passkey';

/** What a person calls the kind of authenticator, from how the browser reached it. */
export function passkeyKind(transports: string[]): string {
  if (transports.includes('internal')) return 'Built into a device';
  if (transports.includes('hybrid')) return 'On a phone';
  if (transports.some((t) => t === 'usb' || t === 'nfc' || t === 'ble')) return 'Security key';
  return 'Passkey';
}

const addedOn = (passkey: OwnPasskey) => formatTime(passkey.addedAt);

/** Which one, in words a list of look-alike devices can be told apart by. */
const nameOf = (passkey: OwnPasskey, index: number) =>
  `passkey ${index + 1} (${passkeyKind(passkey.transports).toLowerCase()}, added ${addedOn(passkey)})`;

export function PasskeysCard({ fresh }: { fresh: { ensure: () => Promise<void> } }) {
  const client = useQueryClient();
  const passkeys = useQuery({ queryKey: adminKeys.ownPasskeys, queryFn: getOwnPasskeys });
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  // The button is disabled while the passkey is asked for, which drops the keyboard's place:
  // once there is an outcome, the focus goes to it (it also reads it out).
  const outcome = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (status) outcome.current?.focus();
  }, [status]);
  const [removing, setRemoving] = useState<{ passkey: OwnPasskey; name: string } | null>(null);
  const [answering, setAnswering] = useState(false);
  const remove = useMutation({ mutationFn: removeOwnPasskey });
  const list = passkeys.data?.passkeys ?? [];
  const onlyOne = list.length === 1;

  const confirmRemove = async () => {
    if (!removing) return;
    try {
      setAnswering(true);
      await fresh.ensure();
      setAnswering(false);
      const { message } = await remove.mutateAsync(removing.passkey.id);
      showToast({ title: 'Passkey Removed', description: message }, 'success');
    } catch (error) {
      showToast(
        {
          title: 'Passkey Not Removed',
          description: authenticatorProblem(error) ?? messageOf(error),
        },
        'error',
      );
    } finally {
      setAnswering(false);
      setRemoving(null);
      await client.invalidateQueries({ queryKey: adminKeys.ownPasskeys });
    }
  };

  return (
    <Card.Root mb="6">
      <Card.Header>
        <Heading as="h2" size="lg" id="passkeys-heading">
          Passkeys
        </Heading>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">
          <Text>
            Every sign-in is confirmed with a passkey. Add one on another device (a second computer
            or your phone) so you can sign in there too; remove one you lost or no longer use.
          </Text>
          {passkeys.isError ? (
            <Text role="alert" color="fg.error">
              {messageOf(passkeys.error)}
            </Text>
          ) : passkeys.isPending ? (
            <Text role="status">Loading your passkeys...</Text>
          ) : (
            <List.Root variant="plain" gap="3" aria-labelledby="passkeys-heading">
              {list.map((passkey, index) => (
                <List.Item
                  key={passkey.id}
                  borderWidth="1px"
                  borderColor="border"
                  rounded="md"
                  p="3"
                  display="block"
                >
                  <Stack gap="1">
                    <Text fontWeight="semibold">
                      Passkey {index + 1}: {passkeyKind(passkey.transports)}
                      {passkey.current ? ' (confirmed this sign-in)' : ''}
                    </Text>
                    <Text fontSize="sm">
                      Added {addedOn(passkey)}; last used{' '}
                      {passkey.lastUsedAt ? formatTime(passkey.lastUsedAt) : 'never'}
                    </Text>
                    <Button
                      size="sm"
                      variant="outline"
                      colorPalette="red"
                      alignSelf="start"
                      mt="1"
                      disabled={onlyOne}
                      aria-describedby={onlyOne ? 'only-passkey' : undefined}
                      aria-label={`Remove ${nameOf(passkey, index)}`}
                      onClick={() => setRemoving({ passkey, name: nameOf(passkey, index) })}
                    >
                      Remove
                    </Button>
                  </Stack>
                </List.Item>
              ))}
            </List.Root>
          )}
          {onlyOne ? (
            <Text id="only-passkey" fontSize="sm" color="fg.muted">
              Your only passkey cannot be removed: add another one first.
            </Text>
          ) : null}
          <Button
            colorPalette="blue"
            variant="outline"
            alignSelf="start"
            loading={busy}
            loadingText="Waiting for your passkey..."
            onClick={async () => {
              setBusy(true);
              setStatus(null);
              try {
                await fresh.ensure();
                const { message } = await addPasskey();
                setStatus({ ok: true, text: message });
                showToast({ title: 'Passkey added' }, 'success');
                void client.invalidateQueries({ queryKey: adminKeys.ownPasskeys });
              } catch (error) {
                setStatus({ ok: false, text: authenticatorProblem(error) ?? messageOf(error) });
              } finally {
                setBusy(false);
              }
            }}
          >
            Add a passkey on this device
          </Button>
          <Text
            ref={outcome}
            tabIndex={-1}
            role={status?.ok === false ? 'alert' : 'status'}
            color={status?.ok === false ? 'fg.error' : 'fg.success'}
          >
            {status?.text}
          </Text>
        </Stack>
      </Card.Body>
      <ConfirmDialog
        open={removing !== null}
        title="Remove Passkey"
        description={
          removing
            ? `Remove ${removing.name}? It stops working at once, and the sessions it confirmed on other devices are signed out. Your passkey confirms it.`
            : ''
        }
        confirmLabel="Remove passkey"
        pending={answering || remove.isPending}
        // The removed passkey's button is gone: focus goes back to the list's heading.
        finalFocus={() => document.getElementById('passkeys-heading')}
        onConfirm={() => void confirmRemove()}
        onCancel={() => setRemoving(null)}
      />
    </Card.Root>
  );
}
