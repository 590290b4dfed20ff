/** Plain words for the socket and DNS error codes a delivery can meet; `where` is "host:port" or a host name. */
export function networkProblem(code: string | undefined, message: string, where: string): string {
  switch (code) {
    case 'ENOTFOUND':
      return `${where} does not resolve: no DNS record for it. Check the spelling and that the name is published in public DNS.`;
    case 'EAI_AGAIN':
      return (
        `${where} could not be resolved right now (DNS server did not answer). Try again; if it persists, ` +
        `check the domain's DNS servers.`
      );
    case 'ENODATA':
      return `${where} has no address records (A or AAAA). Publish one for the receiving server.`;
    case 'ECONNREFUSED':
      return `connection refused: nothing is listening on ${where}. Start the receiver, or check the port in the URL.`;
    case 'ECONNRESET':
      return `the connection to ${where} was reset. Check the receiver and any firewall in front of it.`;
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `${where} is unreachable from here (no network route). Check the address and firewall rules.`;
    case 'ETIMEDOUT':
      return `connecting to ${where} timed out. Check that the port is open to the internet.`;
    default:
      return `${where}: ${message}${code ? ` (${code})` : ''}`;
  }
}
