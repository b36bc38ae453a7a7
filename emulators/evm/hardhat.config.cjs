// The local EVM node of tests and the demo (Hardhat Network, started by emulators/evm/node.ts).
// Failed transactions are mined and reported by their receipt (as on a real chain) instead of
// failing the eth_sendTransaction call, so a reverted payment can be checked like a real one.
module.exports = {
  networks: {
    hardhat: { chainId: 31337, throwOnTransactionFailures: false, throwOnCallFailures: true, loggingEnabled: false },
  },
};
