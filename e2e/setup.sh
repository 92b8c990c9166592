#!/usr/bin/env bash
# e2e/setup.sh — real mail servers on loopback for the end-to-end tests.
#
#   bash e2e/setup.sh [start] [DIR]   install (apt) and start Dovecot and Postfix
#   bash e2e/setup.sh stop [DIR]      stop them
#   bash e2e/setup.sh status [DIR]    say whether they listen
#
# DIR (default $PBEM_E2E_DIR, else /tmp/pbem-e2e) holds every config file,
# mailbox, queue and log; /etc is not touched, no systemd is needed. Run as
# root (apt-get install, and Dovecot delivers as the 'mail' user).
#
# Dovecot (standalone, its own base_dir) serves IMAP on 127.0.0.1:10143 and
# LMTP on 127.0.0.1:10024. A separate Postfix instance (postfix -c DIR/postfix/etc)
# listens for SMTP on 127.0.0.1:10025 and delivers everything for the domain
# pbem.test over LMTP into Dovecot; it relays nowhere else. Every address
# @pbem.test is a mailbox and logs in over IMAP with the password "secret"
# (static passdb), so tests invent fresh addresses per run.
# Ports can be moved with PBEM_E2E_IMAP_PORT, PBEM_E2E_LMTP_PORT and
# PBEM_E2E_SMTP_PORT. Each gotcha of the recipe is a comment at its step below.
#
# On success it prints the lines the tests read from the environment:
#   PBEM_E2E_IMAP=127.0.0.1:10143
#   PBEM_E2E_SMTP=127.0.0.1:10025
# It fails loudly (non-zero, with the reason) if apt cannot install the
# packages or a server does not come up: it never skips.
set -euo pipefail

cmd=start
case "${1:-}" in
start | stop | status) cmd=$1; shift ;;
esac
D=${1:-${PBEM_E2E_DIR:-/tmp/pbem-e2e}}
mkdir -p "$D"
D=$(cd "$D" && pwd)
IMAP_PORT=${PBEM_E2E_IMAP_PORT:-10143}
LMTP_PORT=${PBEM_E2E_LMTP_PORT:-10024}
SMTP_PORT=${PBEM_E2E_SMTP_PORT:-10025}
DV=$D/dovecot
PF=$D/postfix

say() { echo "e2e/setup.sh: $*" >&2; }
die() { say "FAILED: $*"; exit 1; }

listening() { # port
  (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

wait_port() { # port name log
  local i
  for i in $(seq 1 150); do
    if listening "$1"; then return 0; fi
    sleep 0.2
  done
  say "$2 is not listening on 127.0.0.1:$1 after 30 s; its log:"
  tail -n 30 "$3" >&2 2>/dev/null || true
  return 1
}

stop() {
  if [ -f "$PF/etc/main.cf" ] && command -v postfix >/dev/null; then
    postfix -c "$PF/etc" stop >/dev/null 2>&1 || true
  fi
  if [ -f "$DV/run/master.pid" ]; then
    kill "$(cat "$DV/run/master.pid")" 2>/dev/null || true
  fi
  local i
  for i in $(seq 1 50); do
    if ! listening "$IMAP_PORT" && ! listening "$SMTP_PORT"; then break; fi
    sleep 0.2
  done
  say "stopped (data kept in $D)"
}

install() {
  local need=()
  command -v dovecot >/dev/null || need+=(dovecot-imapd)
  [ -x /usr/lib/dovecot/lmtp ] || need+=(dovecot-lmtpd)
  command -v postfix >/dev/null || need+=(postfix)
  command -v swaks >/dev/null || need+=(swaks)
  command -v s-nail >/dev/null || need+=(s-nail)
  if [ ${#need[@]} -eq 0 ]; then return 0; fi
  [ "$(id -u)" = 0 ] || die "installing ${need[*]} needs root"
  say "installing ${need[*]} (apt-get)"
  echo "postfix postfix/main_mailer_type select Local only" | debconf-set-selections
  echo "postfix postfix/mailname string pbem.test" | debconf-set-selections
  apt-get update -qq >"$D/apt.log" 2>&1 || { tail -n 20 "$D/apt.log" >&2; die "apt-get update failed: is the package mirror reachable?"; }
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}" >>"$D/apt.log" 2>&1 ||
    { tail -n 20 "$D/apt.log" >&2; die "apt-get install ${need[*]} failed"; }
  for b in dovecot postfix swaks s-nail; do command -v $b >/dev/null || die "$b missing after apt-get install"; done
}

dovecot_start() {
  rm -rf "$DV" # a fresh start: the mail of earlier runs goes
  mkdir -p "$DV/run" "$DV/mail" "$DV/state"
  chown mail:mail "$DV/mail"
  cat >"$DV/dovecot.conf" <<EOF
# Written by e2e/setup.sh: a standalone Dovecot for the pbem e2e tests.
base_dir = $DV/run
state_dir = $DV/state
log_path = $DV/dovecot.log
protocols = imap lmtp
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
mail_location = maildir:~/Maildir
# Debian's 'mail' user is uid 8; Dovecot refuses uid 0 for mail.
first_valid_uid = 8
# IDLE hears of new mail through inotify; this is only the fallback.
mailbox_idle_check_interval = 1 secs
# Every address in the test domain is a mailbox with the password "secret".
passdb {
  driver = static
  args = password=secret
}
userdb {
  driver = static
  args = uid=mail gid=mail home=$DV/mail/%u allow_all_users=yes
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = $IMAP_PORT
  }
  inet_listener imaps {
    port = 0
  }
}
service lmtp {
  inet_listener lmtp {
    address = 127.0.0.1
    port = $LMTP_PORT
  }
}
service stats {
  unix_listener stats-reader {
    mode = 0600
  }
  unix_listener stats-writer {
    mode = 0660
  }
}
EOF
  doveconf -c "$DV/dovecot.conf" -n >"$DV/doveconf.out" 2>&1 || { cat "$DV/doveconf.out" >&2; die "dovecot.conf does not validate"; }
  setsid dovecot -F -c "$DV/dovecot.conf" >"$DV/stdout.log" 2>&1 </dev/null &
  wait_port "$IMAP_PORT" "Dovecot IMAP" "$DV/dovecot.log" || { cat "$DV/stdout.log" >&2; die "Dovecot did not start"; }
  wait_port "$LMTP_PORT" "Dovecot LMTP" "$DV/dovecot.log" || die "Dovecot LMTP did not start"
}

postfix_start() {
  rm -rf "$PF"
  mkdir -p "$PF/etc" "$PF/spool" "$PF/data"
  # master.cf: smtpd only on our loopback port, and no chroot (the queue is
  # not under /var/spool/postfix, so the chroot would lack its files).
  awk -v port="$SMTP_PORT" '
    /^smtp[ \t]+inet/ { print "127.0.0.1:" port " inet n - n - - smtpd"; next }
    /^[a-z0-9.:-]+[ \t]+(inet|unix|unix-dgram|fifo|pass)[ \t]/ && $5 == "y" { $5 = "n" }
    { print }' /etc/postfix/master.cf >"$PF/etc/master.cf"
  cat >"$PF/etc/main.cf" <<EOF
# Written by e2e/setup.sh: a separate Postfix instance for the pbem e2e tests.
compatibility_level = 3.6
queue_directory = $PF/spool
data_directory = $PF/data
myhostname = mx.pbem.test
mydomain = pbem.test
myorigin = pbem.test
inet_interfaces = loopback-only
inet_protocols = ipv4
mydestination =
mynetworks = 127.0.0.0/8
virtual_mailbox_domains = pbem.test
virtual_transport = lmtp:inet:127.0.0.1:$LMTP_PORT
default_transport = error:outbound disabled
relay_transport = error:outbound disabled
smtpd_relay_restrictions = permit_mynetworks, reject_unauth_destination
# Room for the 30 MB attachment test: the daemon, not Postfix, must refuse it.
message_size_limit = 67108864
# No throttling of a fast local sender (the throughput benchmark).
in_flow_delay = 0
biff = no
maillog_file = $PF/maillog
# Required when maillog_file is outside /var.
maillog_file_prefixes = /var, /dev/stdout, /tmp, $D
alias_maps =
alias_database =
EOF
  chown postfix "$PF/data"
  postfix -c "$PF/etc" check >"$PF/check.log" 2>&1 || { cat "$PF/check.log" >&2; die "postfix check failed"; }
  # Postfix reports start errors only to syslog (there is none): start-fg
  # under setsid keeps them in stdout.log.
  setsid postfix -c "$PF/etc" start-fg >"$PF/stdout.log" 2>&1 </dev/null &
  wait_port "$SMTP_PORT" "Postfix SMTP" "$PF/maillog" || { cat "$PF/stdout.log" >&2; die "Postfix did not start"; }
}

case $cmd in
stop)
  stop
  exit 0
  ;;
status)
  listening "$IMAP_PORT" && echo "IMAP 127.0.0.1:$IMAP_PORT listening" || echo "IMAP 127.0.0.1:$IMAP_PORT down"
  listening "$SMTP_PORT" && echo "SMTP 127.0.0.1:$SMTP_PORT listening" || echo "SMTP 127.0.0.1:$SMTP_PORT down"
  exit 0
  ;;
esac

start=$(date +%s)
install
if listening "$IMAP_PORT" || listening "$SMTP_PORT"; then
  say "something already listens on $IMAP_PORT or $SMTP_PORT: stopping the servers of $D first"
  stop
  if listening "$IMAP_PORT" || listening "$SMTP_PORT"; then
    die "ports $IMAP_PORT/$SMTP_PORT are taken by something else (another DIR?); set PBEM_E2E_*_PORT"
  fi
fi
dovecot_start
postfix_start
say "Dovecot $(dovecot --version | cut -d' ' -f1) and Postfix $(postconf -d -h mail_version) ready in $(($(date +%s) - start)) s; logs in $D"
echo "PBEM_E2E_DIR=$D"
echo "PBEM_E2E_IMAP=127.0.0.1:$IMAP_PORT"
echo "PBEM_E2E_SMTP=127.0.0.1:$SMTP_PORT"
