// Brings hardhat-ethers' `hre.ethers` type extension into every test and script.
import "@nomicfoundation/hardhat-ethers";
