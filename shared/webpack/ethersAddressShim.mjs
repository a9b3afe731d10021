// Stands in for @ethersproject/address (ethers v5) in the browser builds: see createConfig.cjs.
export { getAddress } from 'ethers';
